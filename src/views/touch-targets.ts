import { css } from '@linaria/core';

/**
 * On a phone every control is at least 44 × 44 px (issue 16, WCAG 2.5.5): a floor under each
 * component's own size, so desktop keeps its density. `:where()` weighs nothing, so a component
 * that must stay small inside a sentence (a mention) says so with its own `min-height`.
 */
export const touchTargets = css`
  :global() {
    @media (max-width: 900px) {
      :where(button, select, textarea, input:not([type='checkbox'], [type='radio'], [type='hidden'], [type='range'], [type='file'])) {
        min-height: 44px;
      }
      :where(button) {
        min-width: 44px;
      }
    }
  }
`;
