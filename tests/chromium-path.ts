import { existsSync } from 'node:fs';

/**
 * The Chromium the journeys, the bench and the soak drive (Playwright cannot download browsers
 * here): `CHROMIUM_PATH` when set, else Debian's old headless shell (`chromium-headless-shell`,
 * the same Blink without a browser's own interface), else Debian's full Chromium. The full one
 * starts WebUI renderers of its own for every new window (its toolbar and omnibox): ten contexts
 * took 31 s on it against 13 s on the shell here, and the journeys 41 min against 26.
 */
const FULL = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? ['/usr/lib/chromium/chromium-headless-shell', ...FULL].find((path) => existsSync(path)) ?? '/usr/bin/chromium';

/** The full Chromium, for what the shell lacks: web notifications (their permission is always 'denied' there). */
export const FULL_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? FULL.find((path) => existsSync(path)) ?? '/usr/bin/chromium';

/** A quiet Chromium: no GPU, no sandbox (root in a container), nothing of its own on the network. */
export const QUIET_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The journeys' flags: quiet, and a fake microphone that needs no prompt. */
export const JOURNEY_ARGS = [...QUIET_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];
