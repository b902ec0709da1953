/** Chat constants of spec 2 §5 and §9. */
export const MESSAGE_MAX_LENGTH = 1000;
export const COUNTER_FROM = 500;
export const MENTION_DEBOUNCE_MS = 150;
export const SEARCH_DEBOUNCE_MS = 300;
/** A composer's draft is stored once the member pauses this long (issue 21): no store write per key. */
export const DRAFT_SAVE_MS = 400;
export const SEARCH_MIN_LENGTH = 3;
export const SAME_AUTHOR_WINDOW_MS = 15 * 60_000;
export const REPLY_AVATARS_MAX = 3;
export const THREAD_LIST_MAX = 50;
export const BAN_DISPLAY_EXTRA_DAYS = 2;
export const SCROLL_BOTTOM_THRESHOLD_PX = 200;
/** A message list opens on this many newest rows, and grows by as many (issue 4). */
export const LIST_PAGE = 50;
/** Rows arriving within this time of the previous ones make a busy stream (issue 4, the burst). */
export const BUSY_STREAM_MS = 1_000;

/**
 * How a list at its end follows new rows: smoothly when they come now and then, at once when the
 * stream is busy (an animation overtaken by the next rows leaves them scrolling past unseen), and
 * not at all for a reader above the end or in a window slid up the history.
 */
export function followNewRows(atEnd: boolean, slid: boolean, sincePreviousMs: number): 'smooth' | 'auto' | false {
  if (!atEnd || slid) return false;
  return sincePreviousMs < BUSY_STREAM_MS ? 'auto' : 'smooth';
}

/** The room the chat opens when the address names none (browser storage key). */
export const LAST_ROOM_KEY = 'lastRoom';
/** Where the chat's log was last shown, for the next visit's first paint (browser storage key). */
export const LOG_PLACE_KEY = 'chatLogPlace';
/** A mention starts with an '@' typed after at least this many characters (spec 2 §5). */
export const MENTION_MIN_PREFIX = 4;

/** 'N/500 caractères', shown and red from 500 characters (spec 2 §5). */
export function composerCounter(text: string): { visible: boolean; label: string } {
  return { visible: text.length >= COUNTER_FROM, label: `${text.length}/${COUNTER_FROM} caractères` };
}

/**
 * The mention being typed: the word after the last '@' when that '@' comes after at least four
 * characters and nothing but name characters follow it; null otherwise.
 */
export function mentionQuery(text: string): string | null {
  const at = text.lastIndexOf('@');
  if (at < MENTION_MIN_PREFIX) return null;
  const query = text.slice(at + 1);
  return /^[\p{L}\p{N}_.-]*$/u.test(query) ? query : null;
}

/** Replaces the mention being typed with the picked name. */
export function insertMention(text: string, username: string): string {
  const at = text.lastIndexOf('@');
  return at < 0 ? text : `${text.slice(0, at)}@${username} `;
}

/** Voice notes stop by themselves after 20 minutes (spec 2 §4, §9). */
export const VOICE_RECORDING_MAX_MS = 20 * 60_000;
/** The chat's audio player cycles its speed through these (spec 2 §2 "Other"). */
export const CHAT_AUDIO_SPEEDS = [1, 1.5, 2] as const;
/** The audio time display refreshes this often (spec 2 §2 "Other"). */
export const AUDIO_TIME_REFRESH_MS = 900;
/** Conversation search waits this long after the last key (spec 2 §5). */
export const CONVERSATION_SEARCH_DEBOUNCE_MS = 300;

/** The chat player's next speed: 1 → 1.5 → 2 → 1. */
export function nextChatSpeed(rate: number): number {
  const at = CHAT_AUDIO_SPEEDS.indexOf(rate as (typeof CHAT_AUDIO_SPEEDS)[number]);
  return CHAT_AUDIO_SPEEDS[(at + 1) % CHAT_AUDIO_SPEEDS.length] ?? 1;
}
