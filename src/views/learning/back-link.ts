import { css } from '@linaria/core';

/** The formations pages' way back: a 44-px link in the accent colour (also the certificate's). */
export const backLink = css`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  color: var(--accent);
  font-weight: 600;
  text-decoration: none;
`;
