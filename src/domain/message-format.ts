import { splitMentions } from './mentions';

/**
 * A message's text as the screens show it: plain text, '@pseudo' mentions, web addresses,
 * **gras**, _italique_ and `code`. Made from the text alone, never from HTML: the view renders
 * these nodes as React elements, so nothing a member types can become markup, and a link is made
 * only from an http(s) address (a bare 'www.' one as https), checked by the URL parser.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; username: string }
  | { kind: 'link'; href: string; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] };

/** The text cut into its nodes, outermost first. Linear in the text's length (bar adversarial nesting). */
export function formatMessage(content: string): Inline[] {
  if (!MAY_FORMAT.test(content)) return content === '' ? [] : [{ kind: 'text', text: content }];
  return nest(pieces(content));
}

/** What the reader sees of the nodes: the text without its formatting markers (a mention with its '@'). */
export function plainText(nodes: readonly Inline[]): string {
  let text = '';
  for (const node of nodes) {
    switch (node.kind) {
      case 'text':
      case 'code':
      case 'link':
        text += node.text;
        break;
      case 'mention':
        text += `@${node.username}`;
        break;
      case 'strong':
      case 'em':
        text += plainText(node.children);
    }
  }
  return text;
}

/** A message's text as read aloud or previewed on one line: no markers, no elements. */
export const visibleText = (content: string): string => plainText(formatMessage(content));

/** A message without any of these characters is plain text: most are, and they skip the rest. */
const MAY_FORMAT = /[`*_@]|https?:\/\/|www\./i;
/** A code span: backticks around one line of anything but backticks. Nothing inside is formatted. */
const CODE = /`([^`\n]+)`/g;
/**
 * A web address: http(s):// or www., not glued to a word or to a path before it (so
 * 'javascript:alert(1)//https://…' links nothing), up to a space, a quote, '<', '>' or a backtick.
 */
const ADDRESS = /(?<![\p{L}\p{N}./@-])(?:https?:\/\/|www\.)[^\s<>"`]+/giu;
/** Punctuation that ends a sentence rather than an address (GFM's autolink rule). */
const TRAILING = new Set(['.', ',', ':', ';', '!', '?', '*', '_', '~', "'", '"']);
const CLOSING: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
const SPACE = /\s/u;
const WORD = /[\p{L}\p{N}]/u;

type Marker = '**' | '_';
type Piece = { kind: 'node'; node: Inline } | { kind: 'marker'; marker: Marker; canOpen: boolean; canClose: boolean };

/** The text as a flat run of nodes (code, links, mentions, text) and candidate markers. */
function pieces(content: string): Piece[] {
  const out: Piece[] = [];
  let last = 0;
  for (const match of content.matchAll(CODE)) {
    outsideCode(content, last, match.index, out);
    out.push({ kind: 'node', node: { kind: 'code', text: match[1]! } });
    last = match.index + match[0].length;
  }
  outsideCode(content, last, content.length, out);
  return out;
}

function outsideCode(content: string, from: number, to: number, out: Piece[]): void {
  const part = content.slice(from, to);
  let last = 0;
  ADDRESS.lastIndex = 0;
  for (let match = ADDRESS.exec(part); match !== null; match = ADDRESS.exec(part)) {
    const raw = trimAddress(match[0]);
    const link = linkOf(raw);
    // Past what the address ended with, so trimmed punctuation is read again as text or markers.
    ADDRESS.lastIndex = match.index + Math.max(raw.length, 1);
    if (link === null) continue;
    words(content, from + last, from + match.index, out);
    out.push({ kind: 'node', node: link });
    last = match.index + raw.length;
  }
  words(content, from + last, to, out);
}

function trimAddress(raw: string): string {
  let end = raw.length;
  for (;;) {
    const char = raw[end - 1]!;
    if (TRAILING.has(char)) end -= 1;
    else if (char in CLOSING && count(raw, CLOSING[char]!, end) < count(raw, char, end)) end -= 1;
    else return raw.slice(0, end);
  }
}

function count(text: string, char: string, end: number): number {
  let n = 0;
  for (let i = 0; i < end; i += 1) if (text[i] === char) n += 1;
  return n;
}

/** A link node for an address, or null when it is no http(s) address the URL parser accepts. */
function linkOf(raw: string): Inline | null {
  const bare = !/^https?:\/\//i.test(raw);
  if ((bare ? raw.length <= 4 : raw.replace(/^https?:\/\//i, '') === '')) return null;
  try {
    const url = new URL(bare ? `https://${raw}` : raw);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
    return { kind: 'link', href: url.href, text: raw };
  } catch {
    return null;
  }
}

/** Plain text between code and links: its mentions, then its markers. */
function words(content: string, from: number, to: number, out: Piece[]): void {
  if (from >= to) return;
  let at = from;
  for (const part of splitMentions(content.slice(from, to))) {
    if (part.kind === 'mention') {
      out.push({ kind: 'node', node: part });
      at += part.username.length + 1;
    } else {
      markers(content, at, at + part.text.length, out);
      at += part.text.length;
    }
  }
}

/**
 * Cuts text at '**' and '_'. A marker opens before a non-space and closes after one (CommonMark's
 * flanking, simplified); '_' also needs no letter or digit outside it, so snake_case stays text.
 */
function markers(content: string, from: number, to: number, out: Piece[]): void {
  let last = from;
  for (let i = from; i < to; i += 1) {
    const char = content[i];
    const marker: Marker | null = char === '_' ? '_' : char === '*' && content[i + 1] === '*' && i + 1 < to ? '**' : null;
    if (marker === null) continue;
    const before = content[i - 1];
    const after = content[i + marker.length];
    const spaceBefore = before === undefined || SPACE.test(before);
    const spaceAfter = after === undefined || SPACE.test(after);
    let canOpen = !spaceAfter;
    let canClose = !spaceBefore;
    if (marker === '_') {
      canOpen &&= before === undefined || !WORD.test(before);
      canClose &&= after === undefined || !WORD.test(after);
    }
    if (!canOpen && !canClose) continue;
    if (i > last) pushText(out, content.slice(last, i));
    out.push({ kind: 'marker', marker, canOpen, canClose });
    i += marker.length - 1;
    last = i + 1;
  }
  if (to > last) pushText(out, content.slice(last, to));
}

function pushText(out: Piece[], text: string): void {
  out.push({ kind: 'node', node: { kind: 'text', text } });
}

type Frame = { marker: Marker; children: Inline[] };

/** Pairs the markers (a closer takes the nearest opener of its kind; openers left unpaired are text). */
function nest(run: readonly Piece[]): Inline[] {
  const root: Inline[] = [];
  const stack: Frame[] = [];
  const open: Record<Marker, number> = { '**': 0, _: 0 };
  const top = () => (stack.length > 0 ? stack[stack.length - 1]!.children : root);
  for (const piece of run) {
    if (piece.kind === 'node') {
      append(top(), piece.node);
      continue;
    }
    if (piece.canClose && open[piece.marker] > 0) {
      let at = stack.length - 1;
      while (stack[at]!.marker !== piece.marker) at -= 1;
      if (stack[at]!.children.length > 0) {
        while (stack.length - 1 > at) unwind(stack, open, root);
        const frame = stack.pop()!;
        open[frame.marker] -= 1;
        append(top(), { kind: frame.marker === '**' ? 'strong' : 'em', children: frame.children });
        continue;
      }
    }
    if (piece.canOpen) {
      stack.push({ marker: piece.marker, children: [] });
      open[piece.marker] += 1;
    } else append(top(), { kind: 'text', text: piece.marker });
  }
  while (stack.length > 0) unwind(stack, open, root);
  return root;
}

/** The top frame was never closed: its marker and children go back into its parent as they were. */
function unwind(stack: Frame[], open: Record<Marker, number>, root: Inline[]): void {
  const frame = stack.pop()!;
  open[frame.marker] -= 1;
  const parent = stack.length > 0 ? stack[stack.length - 1]!.children : root;
  append(parent, { kind: 'text', text: frame.marker });
  for (const child of frame.children) append(parent, child);
}

/** Adds a node, merged into the text before it when both are text. */
function append(into: Inline[], node: Inline): void {
  const previous = into[into.length - 1];
  if (node.kind === 'text' && previous?.kind === 'text') into[into.length - 1] = { kind: 'text', text: previous.text + node.text };
  else into.push(node);
}
