import type { Browser, Page } from '@playwright/test';
import type { BenchConfig } from './bench-config';
import type { SeededData, SeededRoom } from './seed-bench-data';

/** What every scenario is handed: the configuration, the server, the seeded rooms, the browser. */
export type BenchRun = {
  config: BenchConfig;
  url: string;
  seeded: SeededData;
  /** The 100k room, and the four 20k ones. */
  big: SeededRoom;
  others: SeededRoom[];
  /** Sixteen small rooms (with the others, the inbox's twenty). */
  lounges: SeededRoom[];
  /** The prepared profile (its local database holds the heavy room's recent history). */
  profileDir: string;
  /** Where each run's copy of the profile goes. */
  scratchDir: string;
  distDir: string;
  browser: Browser;
  coachToken: string;
  log(line: string): void;
  /** Whether a part of the session is measured this run (`--only`). */
  wants(part: 'history' | 'scroll' | 'switches' | 'burst'): boolean;
};

/** The chat page of a room, by the `room` parameter the room selection understands. */
export const chatPath = (room: SeededRoom): string => `/chat?room=${encodeURIComponent(room.name)}`;

/** A seeded message id's position in its room (ids are `${room}-${index}`, oldest first). */
export const indexOfId = (id: string): number => Number(id.slice(id.lastIndexOf('-') + 1));

/** The bench account's token as the client keeps it (the `access_token` cookie). */
export async function setToken(page: Page, url: string, token: string): Promise<void> {
  await page.context().addCookies([{ name: 'access_token', value: token, url, sameSite: 'Lax' }]);
}
