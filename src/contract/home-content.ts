import { z } from 'zod/mini';
import { isoDate } from './user';

/*
 * What the home dashboard shows besides lives and alerts (spec 3 §2 "Home dashboard", §3, §7):
 * the poll, the landing articles (Morning Mood, DailyBrief, others) and the platform tools.
 * The news pages and the toolbox (issue 19) read the same calls.
 */

const id = z.int().check(z.positive());

/** The poll's scale (spec 3 §5, §9). */
export const POLL_MIN = 1;
export const POLL_MAX = 10;

/** The poll the home page asks (GraphQL `currentPoll`; null when none is running). */
export const poll = z.object({ question: z.string() });
export type Poll = z.infer<typeof poll>;
export const currentPollResponse = z.object({ currentPoll: z.nullable(poll) });

/** Spec 3 §3 "Poll answer": question, answer (1 to 10). `POST /rest/polls/answer` takes it. */
export const pollAnswer = z.object({
  question: z.string().check(z.minLength(1), z.maxLength(300)),
  answer: z.int().check(z.minimum(POLL_MIN), z.maximum(POLL_MAX)),
});
export type PollAnswer = z.infer<typeof pollAnswer>;
/** `GET /rest/polls/answers`: the member's own answers. */
export const pollAnswersResponse = z.object({ data: z.array(pollAnswer) });
/** `POST /rest/polls/answer` answers the stored answer (the first one, when the member had answered). */
export const pollAnswerResponse = z.object({ data: pollAnswer });

/** Article categories of the home page (spec 3 §2, §9). */
export const ARTICLE_CATEGORY = { MORNING_MOOD: 9, DAILY_BRIEF: 12 } as const;

export const articleCategory = z.object({ id, name: z.string() });
export type ArticleCategory = z.infer<typeof articleCategory>;

/**
 * Spec 3 §3 "News article": id, attributes title, slug, date, picture url, content,
 * with_HTML_content, category. Ours: `audio`, the path of the article's audio (Morning Mood), else
 * null. `content` is HTML when `with_HTML_content`, else text; it is sanitised on display.
 */
export const article = z.object({
  id,
  attributes: z.object({
    title: z.string(),
    slug: z.string(),
    date: isoDate,
    picture: z.nullable(z.object({ url: z.string() })),
    content: z.string(),
    with_HTML_content: z.boolean(),
    category: articleCategory,
    audio: z.nullable(z.string()),
  }),
});
export type Article = z.infer<typeof article>;

/** The news list's pages (spec 3 §2, §9). */
export const ARTICLE_PAGE_SIZE = 24;

/**
 * `GET /content/api/landing-articles`: sort date:desc, page and pageSize (24), filters on the
 * category name and date not after now; or `slug` alone.
 */
export const articlesQuery = z.object({
  page: z.optional(z.coerce.number().check(z.int(), z.positive())),
  pageSize: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  category: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
  slug: z.optional(z.string().check(z.minLength(1), z.maxLength(160))),
});
export const articlesResponse = z.object({
  data: z.array(article),
  meta: z.object({ pagination: z.object({ page: z.int(), pageSize: z.int(), total: z.int() }) }),
});
/** `GET /content/api/landing-categories` */
export const articleCategoriesResponse = z.object({ data: z.array(articleCategory) });

/** The tools shown on the home page (spec 3 §2, §9). */
export const HOME_TOOL_IDS = [55, 56] as const;

/**
 * Spec 3 §3 "Platform tool": id, attributes name, subtitle, picture url, price, payment_link,
 * page, files. `files` lists the names only: downloading one is the toolbox's (issue 19).
 */
export const tool = z.object({
  id,
  attributes: z.object({
    name: z.string(),
    subtitle: z.string(),
    picture: z.nullable(z.object({ url: z.string() })),
    price: z.nullable(z.number()),
    payment_link: z.nullable(z.string()),
    page: z.nullable(z.string()),
    ordre: z.int(),
    files: z.array(z.object({ name: z.string() })),
  }),
});
export type Tool = z.infer<typeof tool>;
/** `GET /content/api/platform-tools?sort=ordre:asc` */
export const toolsResponse = z.object({ data: z.array(tool) });
/** `GET /content/api/platform-tools/{toolId}` */
export const toolResponse = z.object({ data: tool });
