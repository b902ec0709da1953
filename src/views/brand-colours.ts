/**
 * The light theme's colours that also leave the page: the web app manifest's theme and background
 * colours and index.html's theme-color (the installed app's title bar and splash screen) are these,
 * so they always match the app (theme.ts draws with them).
 */
export const BRAND_ACCENT = '#0f7b5f';
export const BRAND_BACKGROUND = '#f4f6f9';
