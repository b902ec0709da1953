import { css } from '@linaria/core';
import { styled } from '@linaria/react';
import { Link } from 'wouter';
import type { Article } from '../../contract/home-content';
import { dayMonthTime } from '../../domain/dates-fr';
import { hasEmbeddedMedia } from '../../domain/news-rules';
import { NEWS_TEXT } from '../../domain/news-text-fr';
import { Icon } from '../common/icons';
import { SafeHtml } from '../common/safe-html';
import { Button, ErrorText } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import type { ArticleLookup } from '../../sync/news-sync';
import { useArticleBySlug, useArticleLookup } from './use-news';

/**
 * `/news/{slug}` (spec 3 §2): 'Retour aux news', the title, date and category, the picture only
 * when the content has no video, image or audio of its own, the content (rich HTML sanitised, or
 * text as paragraphs) and the article's audio. A stored article shows at once; the server is asked
 * again on open. An address the server does not know says so.
 */
export function ArticlePage({ params }: { params: { slug: string } }) {
  const slug = params.slug;
  const stored = useArticleBySlug(slug);
  const { lookup, retry } = useArticleLookup(slug);
  const view = decide(stored, lookup);
  usePageTitle(view.kind === 'article' ? view.article.attributes.title : NEWS_TEXT.articleTitle);

  return (
    <Page>
      <Link href="/news" className="back">
        <Icon name="back" size={18} />
        {NEWS_TEXT.backToNews}
      </Link>
      {view.kind === 'article' ? (
        <ArticleView article={view.article} />
      ) : view.kind === 'loading' ? (
        <p role="status">{NEWS_TEXT.loadingArticle}</p>
      ) : view.kind === 'missing' ? (
        <State>
          <h1>{NEWS_TEXT.articleTitle}</h1>
          <p role="alert">{NEWS_TEXT.notFound}</p>
        </State>
      ) : (
        <State>
          <h1>{NEWS_TEXT.articleTitle}</h1>
          <ErrorText role="alert">{view.error}</ErrorText>
          <Button type="button" variant="ghost" onClick={retry}>
            <Icon name="retry" size={18} />
            {NEWS_TEXT.retry}
          </Button>
        </State>
      )}
    </Page>
  );
}

type View = { kind: 'article'; article: Article } | { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed'; error: string };

/** A stored article shows while the server is asked; without one, the server's answer decides. */
function decide(stored: Article | null | undefined, lookup: ArticleLookup | null): View {
  if (stored) return { kind: 'article', article: stored };
  if (stored === undefined || lookup === null) return { kind: 'loading' };
  if (!lookup.ok) return { kind: 'failed', error: lookup.error };
  // Found: the store is about to show it.
  return lookup.found ? { kind: 'loading' } : { kind: 'missing' };
}

function ArticleView({ article }: { article: Article }) {
  const a = article.attributes;
  const picture = a.picture && !hasEmbeddedMedia(a.content) ? a.picture.url : null;
  return (
    <article>
      <h1>{a.title}</h1>
      <Meta>
        <time dateTime={a.date}>{dayMonthTime(new Date(a.date))}</time>
        <span>{a.category.name}</span>
      </Meta>
      {picture ? <Picture src={picture} alt="" width={960} height={540} /> : null}
      {a.audio ? <audio controls preload="metadata" src={a.audio} aria-label={NEWS_TEXT.listen} /> : null}
      {a.with_HTML_content ? (
        <SafeHtml html={a.content} className={bodyClass} />
      ) : (
        <div className={bodyClass}>
          {paragraphs(a.content).map((text, k) => (
            <p key={k}>{text}</p>
          ))}
        </div>
      )}
    </article>
  );
}

/** Text content as paragraphs: one per blank-line-separated block, single line breaks kept as spaces. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter((block) => block !== '');
}

const Page = styled.div`
  max-width: 820px;
  padding: 24px 32px 48px;
  @media (max-width: 600px) {
    padding: 16px 12px 48px;
  }
  & .back {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    min-height: 44px;
    margin-bottom: 12px;
    color: var(--accent);
    font-weight: 600;
    text-decoration: none;
  }
  & .back:hover {
    text-decoration: underline;
  }
  & h1 {
    margin: 0 0 8px;
    font-size: 28px;
    line-height: 1.25;
    overflow-wrap: anywhere;
  }
  & audio {
    display: block;
    width: 100%;
    margin: 16px 0;
  }
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin: 0 0 16px;
  color: var(--muted);
  font-size: 14px;
  & span {
    color: var(--accent);
    font-weight: 600;
  }
`;

const Picture = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  margin: 8px 0 16px;
  border-radius: var(--radius);
  background: var(--surface-2);
`;

const State = styled.div`
  display: grid;
  justify-items: start;
  gap: 12px;
  & p {
    margin: 0;
    color: var(--muted);
  }
`;

/**
 * The written content's typography. Embedded media fit the column; tables and code wrap rather
 * than scroll (a scrolling box would need a keyboard stop of its own).
 */
const bodyClass = css`
  line-height: 1.65;
  font-size: 16px;
  overflow-wrap: anywhere;
  & p,
  & ul,
  & ol,
  & blockquote,
  & figure,
  & table,
  & pre {
    margin: 0 0 16px;
  }
  & h2,
  & h3,
  & h4 {
    margin: 24px 0 8px;
    line-height: 1.3;
  }
  & a {
    color: var(--accent);
  }
  & img,
  & video {
    display: block;
    max-width: 100%;
    height: auto;
    border-radius: 8px;
  }
  & iframe {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 16 / 9;
    border: 0;
    border-radius: 8px;
  }
  & audio {
    display: block;
    width: 100%;
  }
  & blockquote {
    padding-left: 16px;
    border-left: 3px solid var(--accent);
    color: var(--muted);
  }
  & table {
    width: 100%;
    border-collapse: collapse;
  }
  & th,
  & td {
    padding: 6px 10px;
    border: 1px solid var(--border);
  }
  & pre {
    white-space: pre-wrap;
    padding: 12px;
    border-radius: 8px;
    background: var(--surface-2);
  }
`;
