import { z } from 'zod/mini';
import { isoDate } from './user';

/*
 * Issue 19's content (spec 3 §2 "Landing content", "Tools", "Socials", "Shop", "Review page",
 * §3, §7): the socials, the landing pages built from sections (the life page is one), the
 * configured shop and review addresses, the signed tool-download links and the coach's article
 * publication. The news articles and the tools themselves are `home-content.ts`'s.
 */

const id = z.int().check(z.positive());

/** Spec 3 §3 "Social media": title, description, link, type, picture. `type` 'twitter' is flagged. */
export const socialMedia = z.object({
  id,
  title: z.string(),
  description: z.string(),
  link: z.string(),
  /** 'twitter', 'youtube', 'instagram', 'tiktok', 'telegram', 'discord', 'linkedin', 'facebook'… */
  type: z.string(),
  picture: z.nullable(z.string()),
});
export type SocialMedia = z.infer<typeof socialMedia>;
/** GraphQL `socials` (SOCIALS_QUERY). */
export const socialsResponse = z.object({ socials: z.array(socialMedia) });

/** A card of a `cards` section (spec 3 §2: picture, title, text, href, buttonText). */
export const landingCard = z.object({
  picture: z.nullable(z.string()),
  title: z.string(),
  text: z.string(),
  href: z.nullable(z.string()),
  buttonText: z.nullable(z.string()),
});
export type LandingCard = z.infer<typeof landingCard>;

/** One entry of a `feature` section's Feature list. */
export const landingFeature = z.object({ title: z.string(), text: z.string() });
export type LandingFeature = z.infer<typeof landingFeature>;

/**
 * Spec 3 §2 "Landing content": a page is a list of sections of five kinds. Rich text fields are
 * HTML written by the team, stored as written and sanitised on display.
 */
export const landingSection = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hero'), title: z.string(), subtitle: z.string() }),
  z.object({ kind: z.literal('richtext'), richtext: z.string() }),
  z.object({ kind: z.literal('leftRight'), title: z.string(), richtextLeft: z.string(), richtextRight: z.string() }),
  z.object({ kind: z.literal('cards'), title: z.nullable(z.string()), cards: z.array(landingCard) }),
  z.object({ kind: z.literal('feature'), title: z.string(), features: z.array(landingFeature) }),
]);
export type LandingSection = z.infer<typeof landingSection>;
export const LANDING_SECTION_KINDS = ['hero', 'richtext', 'leftRight', 'cards', 'feature'] as const;

/** A landing page (public: visitors may read it). The life page (`/life`) is the page of slug 'life'. */
export const landingPage = z.object({ slug: z.string(), title: z.string(), sections: z.array(landingSection) });
export type LandingPage = z.infer<typeof landingPage>;
export const LIFE_PAGE_SLUG = 'life';
/** GraphQL `landingPage(slug)` (LANDING_PAGE_QUERY); null for an unknown slug. */
export const landingPageResponse = z.object({ landingPage: z.nullable(landingPage) });

/**
 * The addresses the server is configured with (GraphQL `siteLinks`): the external shop embedded
 * on `/shop` and the review widget of `/profil/avis` (spec 3 §2, §7 "External services").
 */
export const siteLinks = z.object({ shopUrl: z.string(), reviewWidgetUrl: z.string(), reviewUrl: z.string() });
export type SiteLinks = z.infer<typeof siteLinks>;
export const siteLinksResponse = z.object({ siteLinks });

/** A tool download link lives this long (seconds) once asked. */
export const TOOL_LINK_TTL_SECONDS = 300;

/**
 * `POST /rest/tools/link` (VIP only): the signed address of one file of a tool,
 * `/rest/tools/download/{toolId}/{fileIndex}/{token}`, bound to the member and the file and
 * valid for TOOL_LINK_TTL_SECONDS. The download itself is a plain link (spec 3 §7).
 */
export const toolLinkInput = z.object({ toolId: id, fileIndex: z.int().check(z.minimum(0), z.maximum(99)) });
export type ToolLinkInput = z.infer<typeof toolLinkInput>;
export const toolLinkResponse = z.object({ url: z.string(), expiresAt: isoDate });

/**
 * GraphQL `publishArticle` (coach only, like `publishReplay`): a news article published now.
 * `category` is a landing category's name; `content` is stored as written.
 */
export const publishArticleInput = z.object({
  title: z.string().check(z.minLength(1), z.maxLength(200)),
  slug: z.string().check(z.minLength(1), z.maxLength(160), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)),
  content: z.string().check(z.maxLength(100_000)),
  withHtml: z.boolean(),
  category: z.string().check(z.minLength(1), z.maxLength(80)),
  pictureUrl: z.nullable(z.string().check(z.maxLength(500))),
});
export type PublishArticleInput = z.infer<typeof publishArticleInput>;
/** PUBLISH_ARTICLE_MUTATION's answer: the new article's id and slug. */
export const publishArticleResponse = z.object({ publishArticle: z.object({ id, attributes: z.object({ slug: z.string() }) }) });
