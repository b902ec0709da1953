import { css } from '@linaria/core';
import { styled } from '@linaria/react';
import { CARD_BOX } from './card-styles';

/*
 * The content cards' shared look (replays, news): a bordered card with a 16:9 cover, a title
 * whose link covers the whole card, a muted meta line, and the skeleton shown while a first page
 * loads. Each card arranges these with its own content.
 */

/** Spec 3 §2, §9 (formations, news): 5 columns, falling to 4, 3, 2 and 1 as the screen narrows. */
export const fiveToOneColumns = css`
  display: grid;
  grid-template-columns: repeat(5, minmax(0, 1fr));
  gap: 16px;
  @media (max-width: 1500px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  @media (max-width: 1200px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  @media (max-width: 900px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (max-width: 560px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/** The title's link covers the whole card (its ::after), so the card is one target and the link's name is its text. */
export const cardLink = css`
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

export const CardBox = styled.article`
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

export const Cover = styled.div`
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

export const DrawnCover = styled.div`
  display: grid;
  place-items: center;
  height: 100%;
  color: var(--accent);
  background: linear-gradient(135deg, var(--accent-soft), var(--surface-2));
`;

/** A pill over the cover's top-left corner ('Réservé aux VIP', 'NOUVEAU'). */
export const CoverBadge = styled.span`
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

export const CardBody = styled.div`
  display: grid;
  align-content: start;
  gap: 8px;
  padding: 12px 14px 14px;
  & h2 {
    margin: 0;
    font-size: 16px;
    line-height: 1.3;
  }
`;

export const CardMeta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  margin: 0;
  color: var(--muted);
  font-size: 13px;
`;

export const CardCategory = styled.span`
  color: var(--accent);
  font-weight: 600;
`;

/** A card's place while the first page loads. */
export function CardSkeleton() {
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
    animation: card-pulse 1.2s ease-in-out infinite alternate;
  }
  @keyframes card-pulse {
    from {
      opacity: 1;
    }
    to {
      opacity: 0.55;
    }
  }
`;
