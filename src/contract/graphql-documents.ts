/**
 * The GraphQL operations the client sends to the content host. One source for the client and the
 * server tests, so the two cannot drift apart.
 */
export const LOGIN_MUTATION = /* GraphQL */ `
  mutation Login($input: UsersPermissionsLoginInput!) {
    login(input: $input) { jwt user { id username email } }
  }
`;

export const REGISTER_MUTATION = /* GraphQL */ `
  mutation Register($input: UsersPermissionsRegisterInput!) {
    register(input: $input) { jwt user { id username email } }
  }
`;

export const BANNERS_QUERY = /* GraphQL */ `
  query Banners {
    adBanner { datedebut datefin texte textecourt affichecompteur codecoupon image }
    upsellBanner {
      Prime { actif texte url image }
      Live { actif texte url image }
      Illimite { actif texte url image }
    }
  }
`;

/** Spec 3 §3 "Formation category"; decoded by `formationCategoriesResponse`. */
export const FORMATION_CATEGORIES_QUERY = /* GraphQL */ `
  query FormationCategories {
    formationCategories { id attributes { title ordre subscriptions formations { id title } } }
  }
`;

/** The home dashboard's poll (null when none runs). */
export const CURRENT_POLL_QUERY = /* GraphQL */ `
  query CurrentPoll {
    currentPoll { question }
  }
`;

/** The replay filters: the public team members (by priority) and the replay categories. */
export const REPLAY_FILTERS_QUERY = /* GraphQL */ `
  query ReplayFilters {
    teamMembers { id name role picture }
    replayCategories
  }
`;

/** Subscription 6: the weekly programme (decoded by `planningSlotsResponse`). */
export const PLANNING_SLOTS_QUERY = /* GraphQL */ `
  query PlanningSlots {
    planningSlots { id name speaker weekday startMinute durationMinutes roomClickId directLink }
  }
`;

/** Subscription 6: add a slot of the weekly programme, or move one (`id` set). */
export const SAVE_PLANNING_SLOT_MUTATION = /* GraphQL */ `
  mutation SavePlanningSlot($input: PlanningSlotInput!) {
    savePlanningSlot(input: $input) { id name speaker weekday startMinute durationMinutes roomClickId directLink }
  }
`;

/** Subscription 6: publish a replay at once. */
export const PUBLISH_REPLAY_MUTATION = /* GraphQL */ `
  mutation PublishReplay($input: PublishReplayInput!) {
    publishReplay(input: $input) { id attributes { slug } }
  }
`;

/** Spec 3 §3 "Social media"; decoded by `socialsResponse`. */
export const SOCIALS_QUERY = /* GraphQL */ `
  query Socials {
    socials { id title description link type picture }
  }
`;

/** A landing page and its sections (the life page is slug 'life'); decoded by `landingPageResponse`. */
export const LANDING_PAGE_QUERY = /* GraphQL */ `
  query LandingPage($slug: String!) {
    landingPage(slug: $slug) {
      slug
      title
      sections {
        kind title subtitle richtext richtextLeft richtextRight
        cards { picture title text href buttonText }
        features { title text }
      }
    }
  }
`;

/** The configured shop and review addresses; decoded by `siteLinksResponse`. */
export const SITE_LINKS_QUERY = /* GraphQL */ `
  query SiteLinks {
    siteLinks { shopUrl reviewWidgetUrl reviewUrl }
  }
`;

/** Coach only: an article published now (the XSS journey stores its corpus with it). */
export const PUBLISH_ARTICLE_MUTATION = /* GraphQL */ `
  mutation PublishArticle($input: PublishArticleInput!) {
    publishArticle(input: $input) { id attributes { slug } }
  }
`;
