import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Playwright drives Debian's Chromium (it cannot download browsers here) against the built client
 * and the real server, started on its own port with a fresh embedded database.
 */
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : '/usr/bin/chromium');
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  webServer: {
    command: 'rm -rf .data-e2e && vite build && tsx server/main.ts',
    url: `${baseURL}/rest/public/is_available?email=sante%40comptoir.test`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: '.data-e2e', NODE_ENV: 'production', LOG_LEVEL: 'warn', MAILBOX_PAGE: '1', REGISTER_LIMIT: '1000', LOCAL_PAYMENTS: '1', VITE_BETA_KEY: 'e2e' },
  },
});
