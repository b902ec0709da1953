import { css } from '@linaria/core';
import { styled } from '@linaria/react';
import { memo, useId } from 'react';
import { Link } from 'wouter';
import type { Replay } from '../../contract/replays';
import { dayMonthTime } from '../../domain/dates-fr';
import { REPLAY_TEXT } from '../../domain/replay-text-fr';
import { Icon } from '../common/icons';
import { visuallyHidden } from '../common/visually-hidden';

export const replayPath = (slug: string) => `/replay/${encodeURIComponent(slug)}`;

/**
 * One replay of the list: its picture (or a drawn cover), title, date ('dd MMM HH:mm' in French),
 * author and category, and a lock when it is reserved to VIP members. The whole card is the link
 * to `/replay/{slug}`, named by the title.
 */
export const ReplayCard = memo(function ReplayCard({ replay, locked }: { replay: Replay; locked: boolean }) {
  const titleId = useId();
  const metaId = useId();
  const a = replay.attributes;
  return (
    <li>
      <Link href={replayPath(a.slug)} className={cardLink} aria-labelledby={titleId} aria-describedby={metaId} data-locked={locked || undefined}>
        <Cover>
          {a.picture ? <img src={a.picture} alt="" loading="lazy" width={320} height={180} /> : <DrawnCover aria-hidden="true"><Icon name="replay" size={40} /></DrawnCover>}
          {locked ? (
            <LockBadge>
              <Icon name="lock" size={16} />
              <span>{REPLAY_TEXT.locked}</span>
            </LockBadge>
          ) : null}
        </Cover>
        <Body>
          <h2 id={titleId}>{a.title}</h2>
          <Meta id={metaId}>
            <time dateTime={a.date}>{dayMonthTime(new Date(a.date))}</time>
            {a.author ? <span>{a.author.name}</span> : null}
            <Category>{a.category}</Category>
            {locked ? <span className={visuallyHidden}>{REPLAY_TEXT.locked}</span> : null}
          </Meta>
        </Body>
      </Link>
    </li>
  );
});

/** A card's place while the first page loads. */
export function ReplayCardSkeleton() {
  return (
    <li aria-hidden="true">
      <SkeletonBox>
        <div data-cover="" />
        <div data-line="" />
        <div data-line="" data-short="" />
      </SkeletonBox>
    </li>
  );
}

const cardLink = css`
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  color: var(--text);
  text-decoration: none;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  transition: border-color 120ms ease;
  &:hover {
    border-color: var(--accent);
  }
`;

const Cover = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  background: var(--surface-2);
  & img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const DrawnCover = styled.div`
  display: grid;
  place-items: center;
  height: 100%;
  color: var(--accent);
  background: linear-gradient(135deg, var(--accent-soft), var(--surface-2));
`;

const LockBadge = styled.span`
  position: absolute;
  top: 8px;
  left: 8px;
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 8px;
  border-radius: 999px;
  background: var(--gold);
  color: var(--gold-contrast);
  font-size: 12px;
  font-weight: 700;
`;

const Body = styled.div`
  display: grid;
  gap: 8px;
  padding: 12px 14px 14px;
  & h2 {
    margin: 0;
    font-size: 16px;
    line-height: 1.3;
  }
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  margin: 0;
  color: var(--muted);
  font-size: 13px;
`;

const Category = styled.span`
  color: var(--accent);
  font-weight: 600;
`;

const SkeletonBox = styled.div`
  display: grid;
  gap: 10px;
  padding-bottom: 14px;
  overflow: hidden;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  & [data-cover] {
    aspect-ratio: 16 / 9;
    background: var(--surface-2);
  }
  & [data-line] {
    height: 14px;
    margin: 0 14px;
    border-radius: 4px;
    background: var(--surface-2);
  }
  & [data-short] {
    width: 50%;
  }
  @media (prefers-reduced-motion: no-preference) {
    animation: replay-pulse 1.2s ease-in-out infinite alternate;
  }
  @keyframes replay-pulse {
    from {
      opacity: 1;
    }
    to {
      opacity: 0.55;
    }
  }
`;
