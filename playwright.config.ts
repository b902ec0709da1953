import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, JOURNEY_ARGS } from './tests/chromium-path';
import { journeyTime, paced } from './tests/e2e/pace';

/**
 * Playwright drives Debian's Chromium (it cannot download browsers here) against the built client
 * and the real server, started on its own port with a fresh embedded database.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
/**
 * One server per worker, each with its own embedded database: two journeys at once never share a
 * member's state. Two workers by default, one per core (the journeys took 9 min on two here, about
 * 27 on one); a journey must not depend on which others ran before it on its server, as that order
 * changes from run to run. E2E_WORKERS=1 runs them one after the other, in file order.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
/** The address of the server that worker `index` (its `parallelIndex`) drives. */
export const serverURL = (index: number) => `http://127.0.0.1:${port + index}`;
/**
 * The built client that server `index` serves: the first serves `dist`, the others a copy in their
 * data directory (a journey that changes a served file, as a deployment does, changes one server's).
 */
export const staticDirOf = (index: number) => (index === 0 ? 'dist' : `.data-e2e-${index}/client`);
const READY_PATH = '/rest/public/is_available?email=sante%40comptoir.test';
const SERVER_ENV = { HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', MAILBOX_PAGE: '1', REGISTER_LIMIT: '1000', LOCAL_PAYMENTS: '1', VITE_BETA_KEY: 'e2e' };

export default defineConfig({
  testDir: 'tests/e2e',
  workers,
  fullyParallel: false,
  // One retry in CI: a journey that fails twice running is a break, never load.
  retries: process.env.CI ? 1 : 0,
  // Waits at this machine's pace (tests/e2e/pace.ts): a slower machine is not a broken app.
  timeout: journeyTime(30_000),
  expect: { timeout: paced(7_000) },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // An action whose element never comes fails in seconds, not at the journey's whole time.
    actionTimeout: paced(20_000),
    baseURL: serverURL(0),
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: JOURNEY_ARGS },
  },
  // The first server builds the client; the others start once it is up (each server looks for the
  // built client as it starts), each on the next port with its own database and copy of the client.
  webServer: Array.from({ length: workers }, (_, index) => ({
    command:
      index === 0
        ? 'rm -rf .data-e2e-0 && vite build && tsx server/main.ts'
        : `rm -rf .data-e2e-${index} && node tests/e2e/wait-for-server.mjs ${serverURL(0)}${READY_PATH} && mkdir -p .data-e2e-${index} && cp -r dist ${staticDirOf(index)} && tsx server/main.ts`,
    url: `${serverURL(index)}${READY_PATH}`,
    timeout: paced(120_000),
    reuseExistingServer: false,
    env: { ...SERVER_ENV, PORT: String(port + index), DATA_DIR: `.data-e2e-${index}`, STATIC_DIR: staticDirOf(index) },
  })),
});
