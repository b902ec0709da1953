import { eq } from 'drizzle-orm';
import { publishArticleInput, type LandingPage, type SiteLinks, type SocialMedia } from '../../src/contract/landing';
import type { Article } from '../../src/contract/home-content';
import { articleView } from '../content/article-routes';
import { findLandingPage, listSocials } from '../content/landing-store';
import type { Database } from '../db/open-database';
import { containsNul, NUL_REFUSED } from '../routes/invalid-body';
import { articleCategories, articles } from '../db/schema';
import type { ContentContext } from './content-schema';
import { badInput, conflict, decode, requireCoach } from './graphql-input';

/**
 * Issue 19 on the content host's GraphQL: the socials, the landing pages (public, like all landing
 * content), the configured shop and review addresses, and the coach's article publication.
 */
export const LANDING_CONTENT_SDL = /* GraphQL */ `
  type SocialMedia {
    id: Int!
    title: String!
    description: String!
    link: String!
    "'twitter', 'youtube', 'instagram'… (the twitter one is flagged)."
    type: String!
    picture: String
  }
  type LandingCard {
    picture: String
    title: String!
    text: String!
    href: String
    buttonText: String
  }
  type LandingFeature {
    title: String!
    text: String!
  }
  "One section of a landing page; the fields of its kind are set, the others null."
  type LandingSection {
    "'hero', 'richtext', 'leftRight', 'cards' or 'feature'."
    kind: String!
    title: String
    subtitle: String
    richtext: String
    richtextLeft: String
    richtextRight: String
    cards: [LandingCard!]
    features: [LandingFeature!]
  }
  type LandingPage {
    slug: String!
    title: String!
    sections: [LandingSection!]!
  }
  type SiteLinks {
    shopUrl: String!
    reviewWidgetUrl: String!
    reviewUrl: String!
  }
  type ArticleCategory {
    id: Int!
    name: String!
  }
  type ArticlePicture {
    url: String!
  }
  type ArticleAttributes {
    title: String!
    slug: String!
    date: String!
    picture: ArticlePicture
    content: String!
    with_HTML_content: Boolean!
    category: ArticleCategory!
    audio: String
  }
  type Article {
    id: Int!
    attributes: ArticleAttributes!
  }
  input PublishArticleInput {
    title: String!
    slug: String!
    "Stored as written: HTML is sanitised where it is shown."
    content: String!
    withHtml: Boolean!
    "A landing category's name."
    category: String!
    pictureUrl: String
  }
  extend type Query {
    "The social networks, by id."
    socials: [SocialMedia!]!
    "A landing page by slug ('life' is the life page); null when none has it."
    landingPage(slug: String!): LandingPage
    "The shop and review addresses the server is configured with."
    siteLinks: SiteLinks!
  }
  extend type Mutation {
    "Subscription 6: publish a news article now."
    publishArticle(input: PublishArticleInput!): Article!
  }
`;

export type LandingContentDeps = { db: Database; now: () => Date; siteLinks: SiteLinks };

/** Query and Mutation fields of issue 19. */
export function landingContentResolvers({ db, now, siteLinks }: LandingContentDeps) {
  return {
    socials: (_args: unknown, context: ContentContext): Promise<SocialMedia[]> => listSocials(db, context.log),
    landingPage(args: { slug: string }, context: ContentContext): Promise<LandingPage | null> {
      // PostgreSQL text cannot hold a NUL: refused before the query rather than failing in it.
      if (containsNul(args.slug)) throw badInput(NUL_REFUSED);
      return findLandingPage(db, args.slug, context.log);
    },
    siteLinks: (): SiteLinks => siteLinks,

    async publishArticle(args: { input: unknown }, context: ContentContext): Promise<Article> {
      await requireCoach(db, now, context);
      const input = decode(publishArticleInput, args.input, ['pictureUrl']);
      const [category] = await db.select().from(articleCategories).where(eq(articleCategories.name, input.category)).limit(1);
      if (!category) throw badInput('Catégorie inconnue');
      const [row] = await db
        .insert(articles)
        .values({
          title: input.title,
          slug: input.slug,
          publishedAt: now(),
          pictureUrl: input.pictureUrl,
          content: input.content,
          withHtml: input.withHtml,
          categoryId: category.id,
          audioPath: null,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict('Ce slug existe déjà');
      return articleView(row, category);
    },
  };
}
