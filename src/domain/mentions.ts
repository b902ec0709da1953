/** A message's text cut into plain parts and '@pseudo' mentions, so each mention can open a profile. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'mention'; username: string };

const MENTION = /(^|[^\p{L}\p{N}_.@-])@([\p{L}\p{N}_][\p{L}\p{N}_.-]*[\p{L}\p{N}_]|[\p{L}\p{N}_])/gu;

export function splitMentions(content: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of content.matchAll(MENTION)) {
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    if (start > last) parts.push({ kind: 'text', text: content.slice(last, start) });
    parts.push({ kind: 'mention', username: match[2]! });
    last = start + 1 + match[2]!.length;
  }
  if (last < content.length) parts.push({ kind: 'text', text: content.slice(last) });
  return parts;
}
