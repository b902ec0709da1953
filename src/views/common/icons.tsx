import type { SVGProps } from 'react';

/** Line icons drawn on a 24px grid; decorative, so the button or link around them carries the label. */
const PATHS = {
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  chat: 'M4 5h16v11H9l-5 4V5z',
  bell: 'M6 16V11a6 6 0 1112 0v5l2 2H4l2-2zM10 20a2 2 0 004 0',
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
  live: 'M12 14a2 2 0 100-4 2 2 0 000 4zM7.8 7.8a6 6 0 000 8.4M16.2 7.8a6 6 0 010 8.4M5 5a10 10 0 000 14M19 5a10 10 0 010 14',
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
