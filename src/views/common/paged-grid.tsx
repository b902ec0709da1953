import { css, cx } from '@linaria/core';
import { styled } from '@linaria/react';
import type { ReactNode, RefObject } from 'react';
import type { LoadedPages } from '../../domain/paged-list';
import { Icon } from './icons';
import { Button, ErrorText } from './ui';
import { CardSkeleton } from './content-card';
import { visuallyHidden } from './visually-hidden';

const SKELETONS = [1, 2, 3, 4, 5, 6];

export type PagedGridText = { list: string; loading: string; loadingMore: string; empty: string; retry: string };

/**
 * A paged list of cards as every list page shows it (replays, news): skeletons with a
 * visually-hidden status while the first page loads, the cards, the end sentinel that asks for the
 * next page, 'Chargement de la suite…' meanwhile, the empty message once the filter's end came with
 * nothing, and the failure with 'Réessayer'. `Grid` lays the cards out (a `ul`).
 */
export function PagedGrid({
  count,
  pages,
  reading,
  loading,
  error,
  retry,
  sentinel,
  text,
  gridClassName = autoFillColumns,
  children,
}: {
  /** How many items the list shows now. */
  count: number;
  pages: LoadedPages | null;
  /** The store not read yet. */
  reading: boolean;
  loading: boolean;
  error: string | null;
  retry: () => void;
  sentinel: RefObject<HTMLDivElement | null>;
  text: PagedGridText;
  /** The cards' layout (a grid class; by default as many 240 px columns as fit). */
  gridClassName?: string;
  /** The cards, each an `li`. */
  children: ReactNode;
}) {
  const empty = pages?.end === true && count === 0 && !loading;
  const skeletons = count === 0 && error === null && !empty && (loading || reading);
  return (
    <>
      {empty ? <Muted>{text.empty}</Muted> : null}
      {skeletons ? (
        <>
          <p role="status" className={visuallyHidden}>
            {text.loading}
          </p>
          <ul aria-hidden="true" className={cx(cardList, gridClassName)}>
            {SKELETONS.map((k) => (
              <CardSkeleton key={k} />
            ))}
          </ul>
        </>
      ) : count > 0 ? (
        <ul aria-label={text.list} className={cx(cardList, gridClassName)}>
          {children}
        </ul>
      ) : null}
      <div ref={sentinel} data-list-sentinel="" />
      {loading && count > 0 ? <Muted role="status">{text.loadingMore}</Muted> : null}
      {error !== null ? (
        <Failure>
          <ErrorText role="alert">{error}</ErrorText>
          <Button type="button" variant="ghost" onClick={retry}>
            <Icon name="retry" size={18} />
            {text.retry}
          </Button>
        </Failure>
      ) : null}
    </>
  );
}

/** A list page's frame: its padding, and the head with the title and the team's shortcut. */
export const ListPage = styled.div`
  padding: 24px 32px 48px;
  @media (max-width: 600px) {
    padding: 16px 12px 48px;
  }
`;

export const ListHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 16px;
  & h1 {
    margin: 0;
    font-size: 26px;
  }
  & a {
    min-height: 44px;
  }
`;

const cardList = css`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const autoFillColumns = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 240px), 1fr));
  gap: 16px;
`;

const Muted = styled.p`
  margin: 16px 0;
  color: var(--muted);
`;

const Failure = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin: 16px 0;
`;
