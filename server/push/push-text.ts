/** A push shows this much of a text. */
const PUSH_EXCERPT = 140;

/** A text on one line, cut at PUSH_EXCERPT characters with '…'. */
export function pushExcerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= PUSH_EXCERPT ? flat : `${flat.slice(0, PUSH_EXCERPT - 1).trimEnd()}…`;
}
