import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { useMemo } from 'react';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  EMBED_ALLOW,
  EMBED_SANDBOX,
  FORBIDDEN_ATTRIBUTES,
  FORBIDDEN_TAGS,
  allowedEmbedSrc,
  isExternalLink,
  urlAllowed,
} from '../../domain/html-policy';
import { TEXT } from '../../domain/text-fr';

/*
 * The one place rich HTML written by the team becomes markup (news articles, tool pages, landing
 * rich text): DOMPurify with the policy of `domain/html-policy.ts`. HTML is stored as written and
 * sanitised here, on display, so a policy fix protects what is already stored.
 */

/** The HTML with everything that could run, restyle the page or leave the allow-lists removed. */
export function sanitizeHtml(html: string): string {
  const purifier = instance();
  // Without a DOM DOMPurify hands the input back untouched: fail closed, as text.
  if (!purifier.isSupported) return escapeText(html);
  return purifier.sanitize(html, CONFIG);
}

/** Rich HTML shown safely; the content's own look comes from the caller's class. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

const CONFIG: Config = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTRIBUTES],
  FORBID_TAGS: [...FORBIDDEN_TAGS],
  FORBID_ATTR: [...FORBIDDEN_ATTRIBUTES],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  // Only the HTML namespace: no SVG or MathML content at all (their parsing differences are mXSS).
  ALLOWED_NAMESPACES: ['http://www.w3.org/1999/xhtml'],
  KEEP_CONTENT: true,
};

let purifier: Purifier | null = null;

/** One DOMPurify of our own (its hooks never leak into another user of the library), made on first use. */
function instance(): Purifier {
  if (purifier !== null) return purifier;
  const made = DOMPurify(typeof window === 'undefined' ? undefined : window);
  made.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeType !== 1) return;
    finishElement(node as Element);
  });
  purifier = made;
  return made;
}

/** What DOMPurify's allow-lists cannot say: addresses by element, the embeds, the links' new tab. */
function finishElement(element: Element): void {
  const tag = element.localName;
  const origin = globalThis.location?.origin ?? 'null';
  for (const attribute of URL_ATTRIBUTES) {
    const value = element.getAttribute(attribute);
    if (value !== null && !urlAllowed(tag, attribute, value, origin)) element.removeAttribute(attribute);
  }
  if (tag === 'iframe') finishEmbed(element);
  else if (tag === 'a') finishLink(element, origin);
  else if (tag === 'video' || tag === 'audio') element.setAttribute('controls', '');
  else if (tag === 'img' && !element.hasAttribute('src')) element.remove();
}

function finishEmbed(iframe: Element): void {
  const src = allowedEmbedSrc(iframe.getAttribute('src') ?? '');
  if (src === null) {
    iframe.remove();
    return;
  }
  // Rewritten in one order, so sanitising twice gives the same markup.
  const title = iframe.getAttribute('title')?.trim() || TEXT.embeddedVideo;
  iframe.removeAttribute('title');
  iframe.setAttribute('src', src);
  iframe.setAttribute('sandbox', EMBED_SANDBOX);
  iframe.setAttribute('allow', EMBED_ALLOW);
  iframe.setAttribute('allowfullscreen', '');
  iframe.setAttribute('loading', 'lazy');
  iframe.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  iframe.setAttribute('title', title);
}

function finishLink(link: Element, origin: string): void {
  const href = link.getAttribute('href');
  if (href !== null && isExternalLink(href, origin)) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
}

const URL_ATTRIBUTES = ['href', 'src', 'poster', 'cite'] as const;

function escapeText(html: string): string {
  return html.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
