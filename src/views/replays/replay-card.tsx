import { css } from '@linaria/core';
import { styled } from '@linaria/react';
import { memo } from 'react';
import { Link } from 'wouter';
import type { Replay } from '../../contract/replays';
import { dayMonthTime } from '../../domain/dates-fr';
import { REPLAY_TEXT } from '../../domain/replay-text-fr';
import { CARD_BOX } from '../common/card-styles';
import { Icon } from '../common/icons';

export const replayPath = (slug: string) => `/replay/${encodeURIComponent(slug)}`;

/**
 * One replay of the list: its picture (or a drawn cover), title, date ('dd MMM HH:mm' in French),
 * author and category, and a lock when it is reserved to VIP members. The title is the link to
 * `/replay/{slug}`, stretched over the whole card.
 */
export const ReplayCard = memo(function ReplayCard({ replay, locked }: { replay: Replay; locked: boolean }) {
  const a = replay.attributes;
  return (
    <li>
      <CardBox data-locked={locked || undefined}>
        <Cover>
          {a.picture ? (
            <img src={a.picture} alt="" loading="lazy" width={320} height={180} />
          ) : (
            <DrawnCover aria-hidden="true">
              <Icon name="replay" size={40} />
            </DrawnCover>
          )}
          {locked ? (
            <LockBadge>
              <Icon name="lock" size={16} />
              {REPLAY_TEXT.locked}
            </LockBadge>
          ) : null}
        </Cover>
        <Body>
          <h2>
            <Link href={replayPath(a.slug)} className={cardLink}>
              {a.title}
            </Link>
          </h2>
          <Meta>
            <time dateTime={a.date}>{dayMonthTime(new Date(a.date))}</time>
            {a.author ? <span>{a.author.name}</span> : null}
            <Category>{a.category}</Category>
          </Meta>
        </Body>
      </CardBox>
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

/** The title's link covers the whole card (its ::after), so the card is one target and the link's name is its text. */
const cardLink = css`
  display: flex;
  align-items: center;
  min-height: 44px;
  color: var(--text);
  text-decoration: none;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  &:focus-visible {
    outline: none;
  }
`;

const CardBox = styled.article`
  ${CARD_BOX}
  position: relative;
  transition: border-color 120ms ease;
  &:hover {
    border-color: var(--accent);
  }
  &:has(a:focus-visible) {
    outline: 2px solid var(--accent);
    outline-offset: 2px;
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
