import { z } from 'zod/mini';
import { isoDate } from './user';

/*
 * Replays (spec 3 §2 "Replays", §3 "Replay", §7 `GET /api/platform-replays`) and the team members
 * who present them (GraphQL `teamMembers`, filtered by is_public).
 */

const id = z.int().check(z.positive());

/** Replays come in pages of 24; a page with fewer means the end (spec 3 §2, §9). */
export const REPLAY_PAGE_SIZE = 24;

/** A team member who presents lives and replays (GraphQL `teamMembers`, only is_public ones). */
export const teamMember = z.object({
  id,
  name: z.string(),
  /** What they do in the team ('Analyste Forex'). */
  role: z.string(),
  picture: z.nullable(z.string()),
});
export type TeamMember = z.infer<typeof teamMember>;
export const teamMembersResponse = z.object({ teamMembers: z.array(teamMember) });

/**
 * Spec 3 §3 "Replay": attributes title, slug, date, description, videoUrl, picture, category,
 * author. `videoUrl` is a path of the content host that checks the member's access (the `<video>`
 * element sends the token cookie); it is null in a locked replay. Ours: `locked`, true when the
 * caller is not VIP: the replay comes with its title, date, category, author and picture only.
 */
export const replay = z.object({
  id,
  locked: z.boolean(),
  attributes: z.object({
    title: z.string(),
    slug: z.string(),
    date: isoDate,
    description: z.string(),
    videoUrl: z.nullable(z.string()),
    picture: z.nullable(z.string()),
    category: z.string(),
    author: z.nullable(teamMember),
    /** Ours: the video's length in seconds (null when unknown), for the card and the resume point. */
    durationSeconds: z.nullable(z.number().check(z.minimum(0))),
  }),
});
export type Replay = z.infer<typeof replay>;

const optionalInt = z.optional(z.coerce.number().check(z.int(), z.positive()));
const optionalText = z.optional(z.string().check(z.minLength(1), z.maxLength(120)));

/**
 * `GET /content/api/platform-replays`: sort date:desc, page (1-based) and pageSize (24), filters on
 * a date range (`from`, `to`, inclusive), an author id, a category name and a slug.
 */
export const replaysQuery = z.object({
  page: optionalInt,
  pageSize: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  author: optionalInt,
  category: optionalText,
  slug: optionalText,
});
export type ReplaysQuery = z.infer<typeof replaysQuery>;
export const replaysResponse = z.object({
  data: z.array(replay),
  meta: z.object({ pagination: z.object({ page: z.int(), pageSize: z.int(), total: z.int() }) }),
});
export type ReplaysResponse = z.infer<typeof replaysResponse>;

/** The replay categories, in display order (GraphQL `replayCategories`). */
export const replayCategoriesResponse = z.object({ replayCategories: z.array(z.string()) });

/** The slug of the access-refused address `/replay/forbiden` (spec 3 §2, spelled as the spec does). */
export const FORBIDDEN_REPLAY_SLUG = 'forbiden';

/** Ours: the second a member stopped at in a replay, so it resumes there on any device. */
export const replayPosition = z.object({ replayId: id, second: z.number().check(z.minimum(0), z.maximum(86_400)) });
export type ReplayPosition = z.infer<typeof replayPosition>;
/** `GET /rest/replays/positions` */
export const replayPositionsResponse = z.object({ data: z.array(replayPosition) });
/** `PUT /rest/replays/positions/{replayId}` `{ second }`, answered with the stored position. */
export const replayPositionInput = z.object({ second: z.number().check(z.minimum(0), z.maximum(86_400)) });
export const replayPositionResponse = z.object({ data: replayPosition });

/** GraphQL `publishReplay` (subscription 6): a new replay, published at once. */
export const publishReplayInput = z.object({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  slug: z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), z.maxLength(120)),
  description: z.string().check(z.maxLength(5000)),
  category: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  authorId: z.nullable(id),
  /** The demo video it plays (a file name of the server's media folder). */
  video: z.string().check(z.regex(/^[a-z0-9-]+\.webm$/)),
  durationSeconds: z.nullable(z.number().check(z.minimum(0))),
});
export type PublishReplayInput = z.infer<typeof publishReplayInput>;
