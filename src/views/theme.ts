import { css } from '@linaria/core';
import { BRAND_ACCENT, BRAND_BACKGROUND } from './brand-colours';

/** Light and dark themes as CSS variables on <html data-theme>; the choice lives in localStorage `theme`. */
export type Theme = 'light' | 'dark';
export const THEME_KEY = 'theme';

export const readTheme = (storage: Storage): Theme => (storage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light');

export function applyTheme(theme: Theme, storage: Storage): void {
  storage.setItem(THEME_KEY, theme);
  document.documentElement.dataset.theme = theme;
}

/** Breakpoints of spec 1 §9. */
export const MOBILE_BREAKPOINT = 900;
export const MOBILE_MENU_HEIGHT = 63;
export const mobileQuery = `@media (max-width: ${MOBILE_BREAKPOINT - 1}px)`;
export const desktopQuery = `@media (min-width: ${MOBILE_BREAKPOINT}px)`;

export const globalStyles = css`
  :global() {
    :root {
      --bg: ${BRAND_BACKGROUND};
      --surface: #ffffff;
      --surface-2: #eef1f5;
      --text: #14181f;
      --muted: #5b6472;
      --border: #dde2ea;
      --accent: ${BRAND_ACCENT};
      --accent-contrast: #ffffff;
      --accent-soft: #dff3ec;
      /* Text colours reach 4.5:1 on --surface, --surface-2 and --bg; a --x-contrast is the text on an --x fill. */
      --gold: #8a6408;
      --gold-contrast: #ffffff;
      --danger: #c62828;
      --danger-contrast: #ffffff;
      --live: #c62828;
      --live-contrast: #ffffff;
      --shadow: 0 6px 24px rgb(20 24 31 / 12%);
      --radius: 10px;
      color-scheme: light;
    }
    :root[data-theme='dark'] {
      --bg: #0f1318;
      --surface: #171c23;
      --surface-2: #1f2630;
      --text: #e8ecf1;
      --muted: #9aa4b2;
      --border: #2a323d;
      --accent: #2bb58a;
      --accent-contrast: #06120e;
      --accent-soft: #16382e;
      --gold: #e0b341;
      --gold-contrast: #1a1405;
      --danger: #ef5350;
      --danger-contrast: #1b0707;
      --live: #c62828;
      --live-contrast: #ffffff;
      --shadow: 0 6px 24px rgb(0 0 0 / 45%);
      color-scheme: dark;
    }
    *,
    *::before,
    *::after {
      box-sizing: border-box;
    }
    html,
    body,
    #root {
      height: 100%;
      margin: 0;
    }
    body {
      background: var(--bg);
      color: var(--text);
      font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
      font-size: 15px;
      line-height: 1.45;
      -webkit-font-smoothing: antialiased;
    }
    a {
      color: var(--accent);
    }
    button,
    input,
    select,
    textarea {
      font: inherit;
      color: inherit;
    }
    /* Browsers draw placeholders lighter than the text (2.3:1 in Chromium): --muted reaches 4.5:1. */
    ::placeholder {
      color: var(--muted);
      opacity: 1;
    }
    /* One ring for every control, 3:1 against every surface of both themes. */
    :focus-visible {
      outline: 2px solid var(--accent);
      outline-offset: 2px;
    }
    /* A scrolling box (the virtualised log) is cut at its edges: its ring goes inside. */
    [data-virtuoso-scroller]:focus-visible {
      outline-offset: -2px;
    }
  }
`;
