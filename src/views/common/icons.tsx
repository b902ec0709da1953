import type { SVGProps } from 'react';

/**
 * The app's one icon set: line icons drawn on a 24px grid (never emoji, which show as empty boxes
 * without an emoji font). Decorative: the button or link around them carries the label. A filled
 * variant (a liked heart) passes `fill="currentColor"`.
 */
const PATHS = {
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  chat: 'M4 5h16v11H9l-5 4V5z',
  bell: 'M6 16V11a6 6 0 1112 0v5l2 2H4l2-2zM10 20a2 2 0 004 0',
  bellOff: 'M6 16V11a6 6 0 0110.2-4.3M18 11v5l2 2H8M10 20a2 2 0 004 0M3 3l18 18',
  hq: 'M4 20V8l8-4 8 4v12M9 20v-6h6v6',
  news: 'M4 5h13v14H6a2 2 0 01-2-2V5zm13 4h3v8a2 2 0 01-2 2M8 9h5M8 13h5',
  replay: 'M4 12a8 8 0 108-8 8 8 0 00-6 2.7M4 4v4h4M10 9l5 3-5 3V9z',
  formation: 'M2 9l10-5 10 5-10 5L2 9zm4 2v5c3 2 9 2 12 0v-5',
  life: 'M12 20s-7-4.5-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.5-7 10-7 10z',
  tools: 'M14 6a4 4 0 005 5l-8 8a2 2 0 01-3-3l8-8a4 4 0 01-2-2zM5 5l3 3',
  calendar: 'M4 6h16v14H4V6zm0 4h16M8 3v4M16 3v4',
  help: 'M12 21a9 9 0 110-18 9 9 0 010 18zM9.5 9a2.5 2.5 0 115 .5c0 1.5-2.5 2-2.5 3.5M12 17h.01',
  sun: 'M12 17a5 5 0 100-10 5 5 0 000 10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4',
  moon: 'M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z',
  messages: 'M3 6h18v12H3V6zm0 0l9 7 9-7',
  logout: 'M15 4h4v16h-4M10 17l5-5-5-5M15 12H3',
  socials: 'M18 8a3 3 0 10-3-3M6 15a3 3 0 100-6 3 3 0 000 6zM18 22a3 3 0 100-6 3 3 0 000 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  glossary: 'M4 4h12a4 4 0 014 4v12H8a4 4 0 01-4-4V4zM8 8h8M8 12h6',
  contact: 'M4 4h16v12H7l-3 3V4zm4 5h8M8 12h5',
  menu: 'M3 6h18M3 12h18M3 18h18',
  close: 'M6 6l12 12M18 6L6 18',
  search: 'M11 19a8 8 0 100-16 8 8 0 000 16zM21 21l-4.35-4.35',
  inbox: 'M22 12h-6l-2 3h-4l-2-3H2M5.45 5.11L2 12v6a2 2 0 002 2h16a2 2 0 002-2v-6l-3.45-6.89A2 2 0 0016.76 4H7.24a2 2 0 00-1.79 1.11z',
  at: 'M12 16a4 4 0 100-8 4 4 0 000 8zM16 8v5a3 3 0 006 0v-1a10 10 0 10-3.92 7.94',
  thread: 'M14 9a2 2 0 01-2 2H6l-4 4V4a2 2 0 012-2h8a2 2 0 012 2zM18 9h2a2 2 0 012 2v11l-4-4h-6a2 2 0 01-2-2v-1',
  pin: 'M12 17v5M9 10.76a2 2 0 01-1.11 1.79l-1.78.9A2 2 0 005 15.24V16a1 1 0 001 1h12a1 1 0 001-1v-.76a2 2 0 00-1.11-1.79l-1.78-.9A2 2 0 0115 10.76V7a1 1 0 011-1 2 2 0 000-4H8a2 2 0 000 4 1 1 0 011 1z',
  paperclip: 'M21.44 11.05l-9.19 9.19a6 6 0 01-8.49-8.49l8.57-8.57A4 4 0 1118 8.84l-8.59 8.57a2 2 0 01-2.83-2.83l8.49-8.48',
  mic: 'M12 2a3 3 0 00-3 3v7a3 3 0 006 0V5a3 3 0 00-3-3zM19 10v2a7 7 0 01-14 0v-2M12 19v3',
  play: 'M6 4l14 8-14 8V4z',
  pause: 'M6 4h4v16H6zM14 4h4v16h-4z',
  stop: 'M6 6h12v12H6z',
  chevronLeft: 'M15 18l-6-6 6-6',
  chevronRight: 'M9 18l6-6-6-6',
  chevronUp: 'M18 15l-6-6-6 6',
  chevronDown: 'M6 9l6 6 6-6',
  back: 'M19 12H5M12 19l-7-7 7-7',
  star: 'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z',
  heart: 'M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0016.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 002 8.5c0 2.3 1.5 4.05 3 5.5l7 7z',
  upload: 'M21 15v4a2 2 0 01-2 2H5a2 2 0 01-2-2v-4M17 8l-5-5-5 5M12 3v12',
  download: 'M21 15v4a2 2 0 01-2 2H5a2 2 0 01-2-2v-4M7 10l5 5 5-5M12 15V3',
  image: 'M5 3h14a2 2 0 012 2v14a2 2 0 01-2 2H5a2 2 0 01-2-2V5a2 2 0 012-2zM9 11a2 2 0 100-4 2 2 0 000 4zM21 15l-5-5L5 21',
  file: 'M14 2H6a2 2 0 00-2 2v16a2 2 0 002 2h12a2 2 0 002-2V8zM14 2v6h6',
  clock: 'M12 7v5l3 2M21 12a9 9 0 11-18 0 9 9 0 0118 0z',
  columns: 'M4 4h16v16H4zM12 4v16',
  retry: 'M21 12a9 9 0 11-3-6.7L21 8M21 3v5h-5',
  offline: 'M2 2l20 20M8.5 16.5a5 5 0 017 0M2 8.82a15 15 0 014.17-2.65M10.66 5c4.01-.36 8.14.9 11.34 3.76M16.85 11.25a10 10 0 012.22 1.68M5 13a10 10 0 015.24-2.76M12 20h.01',
  more: 'M12 13a1 1 0 100-2 1 1 0 000 2zM12 6a1 1 0 100-2 1 1 0 000 2zM12 20a1 1 0 100-2 1 1 0 000 2z',
  check: 'M20 6L9 17l-5-5',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  gift: 'M3 8h18v4H3zM5 12v9h14v-9M12 8v13M12 8S10 3 7.5 3a2.5 2.5 0 000 5M12 8s2-5 4.5-5a2.5 2.5 0 010 5',
  trash: 'M3 6h18M19 6v14a2 2 0 01-2 2H7a2 2 0 01-2-2V6M8 6V4a2 2 0 012-2h4a2 2 0 012 2v2',
  flag: 'M4 15s1-1 4-1 5 2 8 2 4-1 4-1V3s-1 1-4 1-5-2-8-2-4 1-4 1zM4 22v-7',
  reply: 'M9 17l-5-5 5-5M20 18v-2a4 4 0 00-4-4H4',
  filter: 'M22 3H2l8 9.46V19l4 2v-8.54L22 3z',
  users: 'M17 21v-2a4 4 0 00-4-4H5a4 4 0 00-4 4v2M9 11a4 4 0 100-8 4 4 0 000 8zM23 21v-2a4 4 0 00-3-3.87M16 3.13a4 4 0 010 7.75',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 018 0v4',
  unlock: 'M5 11h14v10H5zM8 11V7a4 4 0 017.75-1.4',
  send: 'M22 2L11 13M22 2l-7 20-4-9-9-4 20-7z',
  list: 'M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01',
  edit: 'M12 20h9M16.5 3.5a2.12 2.12 0 013 3L7 19l-4 1 1-4L16.5 3.5z',
  external: 'M18 13v6a2 2 0 01-2 2H5a2 2 0 01-2-2V8a2 2 0 012-2h6M15 3h6v6M10 14L21 3',
  logo: 'M12 2l9 10-9 10-9-10 9-10zM7 14l3-3 2 2 5-5',
  arrowDown: 'M12 5v14M19 12l-7 7-7-7',
  live: 'M12 14a2 2 0 100-4 2 2 0 000 4zM7.8 7.8a6 6 0 000 8.4M16.2 7.8a6 6 0 010 8.4M5 5a10 10 0 000 14M19 5a10 10 0 010 14',
  shop: 'M4 7h16l-1 13H5L4 7zM9 7V6a3 3 0 016 0v1',
  // The social networks (drawn after their marks, in the same line style).
  twitter: 'M4 4h4.5L20 20h-4.5L4 4zM20 4l-6.6 7.2M4 20l6.6-7.2',
  youtube: 'M3 8a3 3 0 013-3h12a3 3 0 013 3v8a3 3 0 01-3 3H6a3 3 0 01-3-3V8zM10 9l5 3-5 3V9z',
  instagram: 'M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zM12 16a4 4 0 100-8 4 4 0 000 8zM17.5 6.5h.01',
  tiktok: 'M14 3v11.5a3.5 3.5 0 11-3.5-3.5M14 3c.5 2.6 2.4 4.5 5 5',
  telegram: 'M21 4L3 11l6 2.5M21 4l-3 16-6.5-4.7M21 4L9 13.5V19l2.5-3.7',
  discord: 'M8.5 6.5a12 12 0 017 0M8.5 6.5L7.5 5C6 5.3 4.7 6 3.5 7 2.2 10 1.8 13 2 16c1.4 1.5 3.2 2.5 5 3l1.2-2M15.5 6.5l1-1.5c1.5.3 2.8 1 4 2 1.3 3 1.7 6 1.5 9-1.4 1.5-3.2 2.5-5 3l-1.2-2M6.5 16c3.3 1.6 7.7 1.6 11 0M9 12.5h.01M15 12.5h.01',
  linkedin: 'M4 4h16v16H4V4zM8 10v6M8 7.5v.01M12 16v-6M12 12.5a2.5 2.5 0 015 0V16',
  facebook: 'M15 3h-2.5A3.5 3.5 0 009 6.5V10H7v3h2v8h3v-8h2.5l.5-3h-3V7a1 1 0 011-1h2V3z',
} as const;
export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 22, ...rest }: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
