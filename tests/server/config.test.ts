import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('server configuration', () => {
  it('defaults to port 3000, the embedded database in .data and the built client in dist', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.staticDir.endsWith('dist')).toBe(true);
    expect(config.uploadsDir).toBe(join(dataDir, 'uploads'));
  });

  it('believes forwarded addresses from a proxy on this machine by default, and as TRUST_PROXY says', () => {
    const at = (value?: string) => loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'c-')), ...(value ? { TRUST_PROXY: value } : {}) }).trustProxy;
    expect(at()).toEqual(['loopback']);
    expect(at('false')).toBe(false);
    expect(at('2')).toBe(2);
    expect(at('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
  });

  it('keeps the uploads in UPLOADS_DIR when set (a mount the processes share)', () => {
    const shared = mkdtempSync(join(tmpdir(), 'comptoir-uploads-'));
    expect(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'c-')), UPLOADS_DIR: shared }).uploadsDir).toBe(shared);
  });

  it('generates a JWT secret into DATA_DIR on first start and keeps it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-config-'));
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o077).toBe(0);
  });

  it('prefers JWT_SECRET from the environment', () => {
    const secret = 'un-secret-de-production-assez-long-pour-signer';
    expect(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'c-')), JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it('refuses bad settings with a French message naming each one', () => {
    expect(() => loadConfig({ PORT: 'quatre', JWT_SECRET: 'court', DATABASE_URL: 'pas une url' })).toThrow(
      /Configuration invalide[\s\S]*PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET/,
    );
  });

  it('keeps e-mail in the local mailbox and the development pages on, except in production without MAILBOX_PAGE', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'c-'));
    const development = loadConfig({ DATA_DIR: dataDir });
    expect(development).toMatchObject({ smtpUrl: undefined, mailboxPage: true, contactEmail: 'equipe@comptoir.test', recaptcha: undefined, google: undefined });
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' }).mailboxPage).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', MAILBOX_PAGE: '1' }).mailboxPage).toBe(true);
  });

  it('selects the real providers when their settings are given', () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'c-')),
      SMTP_URL: 'smtp://u:p@mail.example.test:587',
      RECAPTCHA_SECRET: 's',
      RECAPTCHA_SITE_KEY: 'k',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'https://comptoir.example.test/',
    });
    expect(config.smtpUrl).toBe('smtp://u:p@mail.example.test:587');
    expect(config.recaptcha).toEqual({ secret: 's', siteKey: 'k' });
    expect(config.google).toEqual({ clientId: 'id', clientSecret: 'secret' });
    expect(config.publicUrl).toBe('https://comptoir.example.test');
  });

  it('takes a VAPID pair and subject from the environment, both keys or none', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'c-'));
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ vapid: undefined, vapidSubject: 'mailto:equipe@comptoir.test' });
    expect(loadConfig({ DATA_DIR: dataDir, CONTACT_EMAIL: 'contact@comptoir.example.test' }).vapidSubject).toBe('mailto:contact@comptoir.example.test');
    const pair = { VAPID_PUBLIC_KEY: `B${'x'.repeat(86)}`, VAPID_PRIVATE_KEY: 'y'.repeat(43) };
    expect(loadConfig({ DATA_DIR: dataDir, ...pair, VAPID_SUBJECT: 'https://comptoir.example.test' })).toMatchObject({
      vapid: { publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY },
      vapidSubject: 'https://comptoir.example.test',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/VAPID_PRIVATE_KEY[\s\S]*vont ensemble/);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...pair, VAPID_PRIVATE_KEY: 'courte' })).toThrow(/VAPID_PRIVATE_KEY[\s\S]*32 octets/);
    expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_SUBJECT: 'equipe@comptoir.test' })).toThrow(/VAPID_SUBJECT[\s\S]*mailto:/);
  });

  it('serves our own shop and review widgets unless SHOP_URL, REVIEW_WIDGET_URL and REVIEW_URL say otherwise', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'c-'));
    expect(loadConfig({ DATA_DIR: dataDir }).siteLinks).toEqual({
      shopUrl: '/content/widgets/boutique',
      reviewWidgetUrl: '/content/widgets/avis',
      reviewUrl: '/content/widgets/avis/ecrire',
    });
    const configured = { SHOP_URL: 'https://boutique.example.fr/', REVIEW_WIDGET_URL: 'https://avis.example.fr/widget?id=42', REVIEW_URL: '/contact' };
    expect(loadConfig({ DATA_DIR: dataDir, ...configured }).siteLinks).toEqual({
      shopUrl: 'https://boutique.example.fr/',
      reviewWidgetUrl: 'https://avis.example.fr/widget?id=42',
      reviewUrl: '/contact',
    });
    for (const [name, value] of [['SHOP_URL', 'javascript:alert(1)'], ['REVIEW_WIDGET_URL', '//ailleurs.example/widget'], ['REVIEW_URL', 'avis.example.fr']]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, [name!]: value }), `${name}=${value}`).toThrow(new RegExp(`${name}: ${name} doit être une URL http\\(s\\) ou un chemin commençant par /`));
    }
  });
});
