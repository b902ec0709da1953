import { styled } from '@linaria/react';
import type { ReactNode } from 'react';
import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { CardSkeleton, fiveToOneColumns } from '../common/content-card';
import { Icon } from '../common/icons';
import { ListPage } from '../common/paged-grid';
import { SafeHtml } from '../common/safe-html';
import { Button, ErrorText } from '../common/ui';
import { visuallyHidden } from '../common/visually-hidden';
import type { Refresh } from './use-landing';

/** The column of a content screen (toolbox, socials, shop, life, review): a list page's padding, its title and intro. */
export const ContentPage = styled(ListPage)`
  box-sizing: border-box;
  max-width: 1600px;
  & > h1 {
    margin: 0 0 8px;
    font-size: 26px;
  }
  & > p[data-intro] {
    margin: 0 0 20px;
    color: var(--muted);
  }
`;

/** A screen's first load: read by screen readers, shown by the skeletons beside it. */
export function LoadingStatus({ text }: { text: string }) {
  return (
    <p role="status" className={visuallyHidden}>
      {text}
    </p>
  );
}

/** A refresh that failed, in French, with 'Réessayer'. */
export function Failure({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <FailureBox>
      <ErrorText role="alert">{error}</ErrorText>
      <Button type="button" variant="ghost" onClick={onRetry}>
        <Icon name="retry" size={18} />
        {CONTENT_TEXT.retry}
      </Button>
    </FailureBox>
  );
}

const FailureBox = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin: 16px 0;
  & button {
    min-height: 44px;
  }
`;

/** Cards in a grid: 5 columns on a wide screen, fewer as it narrows, one on a phone (spec 3 §9). */
const CardList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const SKELETON_KEYS = [1, 2, 3, 4, 5];

/**
 * A list of cards read from the store and refreshed as the screen opens: the cards as soon as the
 * store has some, skeletons and a spoken status while the first answer comes, the empty line once
 * the server answered none, and the failure with 'Réessayer' (under the cards the store still has).
 */
export function RefreshedCards<T>({
  items,
  refresh,
  label,
  loadingText,
  emptyText,
  children,
}: {
  /** undefined while the store is first read. */
  items: readonly T[] | undefined;
  refresh: Refresh;
  label: string;
  loadingText: string;
  emptyText: string;
  /** The cards (list items). */
  children: (items: readonly T[]) => ReactNode;
}) {
  const shown = items ?? [];
  return (
    <>
      {shown.length > 0 ? (
        <CardList aria-label={label} className={fiveToOneColumns}>
          {children(shown)}
        </CardList>
      ) : refresh.loading || items === undefined ? (
        <>
          <LoadingStatus text={loadingText} />
          <CardList aria-hidden="true" className={fiveToOneColumns}>
            {SKELETON_KEYS.map((k) => (
              <CardSkeleton key={k} />
            ))}
          </CardList>
        </>
      ) : refresh.error === null ? (
        <p>{emptyText}</p>
      ) : null}
      {refresh.error !== null ? <Failure error={refresh.error} onRetry={refresh.retry} /> : null}
    </>
  );
}

/** Rich HTML of the team (tool pages, landing rich text), sanitised by SafeHtml, in a readable measure. */
export const Prose = styled(SafeHtml)`
  max-width: 760px;
  line-height: 1.6;
  overflow-wrap: anywhere;
  & > :first-child {
    margin-top: 0;
  }
  & img,
  & video,
  & iframe {
    max-width: 100%;
    height: auto;
  }
  & a {
    color: var(--accent);
  }
`;
