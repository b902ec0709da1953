/*
 * The rules the content cards share (replays, news, tools, socials, landing cards), interpolated
 * into each view's own styled component at build time. The 5-to-1 grid is `fiveToOneColumns`.
 */

/** A card: a column on the surface, its picture cut to the rounded corners. */
export const CARD_BOX = `
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
`;

/** A card's text under its picture: title, lines, and its action pushed to the bottom. */
export const CARD_BODY = `
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  flex: 1;
  gap: 8px;
  padding: 14px;
  & :is(h2, h3) {
    margin: 0;
    font-size: 17px;
    line-height: 1.3;
  }
  & p {
    margin: 0;
    color: var(--muted);
  }
  & a {
    margin-top: auto;
    min-height: 44px;
    padding-block: 6px;
  }
`;

/** A card's picture: full width, 16:9. */
export const CARD_PICTURE = `
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  background: var(--surface-2);
`;
