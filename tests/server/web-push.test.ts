import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertAnswer, type AlertInput } from '../../src/contract/alerts';
import { notificationSettings, PUSH_SUBSCRIPTION_INVALID, webPushKeyAnswer, webPushPayload } from '../../src/contract/account';
import { migratedDatabase } from './migrated-template';
import { mailOutbox, pushEndpoints, serverSecrets } from '../../server/db/schema';
import { vapidKeysFor } from '../../server/push/vapid-keys';
import { PUSH_ENDPOINTS_PER_MEMBER } from '../../server/routes/settings-routes';
import { jsonOf } from './account-helpers';
import { browserSubscription, decryptPush, startPushService, verifyVapid, type PushService } from './push-service';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let pushService: PushService;
let publicKey: string;
beforeAll(async () => {
  pushService = await startPushService();
  server = await startTestServer({ app: { pushAgent: pushService.agent } });
  publicKey = webPushKeyAnswer.parse(await (await server.get('/rest/public/web-push-key')).json()).publicKey;
}, 30_000);
afterAll(async () => {
  await server.close();
  await pushService.close();
});

const subscribe = async (account: string, path: string) => {
  const browser = browserSubscription(`${pushService.origin}${path}`);
  const answer = await jsonOf(await server.post('/rest/settings/notifications/endpoint', { subscription: browser.subscription, channel: 'WEB' }, await server.tokenOf(account)));
  expect(answer).toEqual({ status: 200, body: { success: true } });
  return browser;
};
/** Saves the member's general channels (the coaches' notifications), the other preferences as they are. */
const generalChannels = async (account: string, channels: { mobile: boolean; mail: boolean; web: boolean }) => {
  const token = await server.tokenOf(account);
  const current = notificationSettings.parse(await (await server.get('/rest/settings/notifications', token)).json());
  const saved = await server.put('/rest/settings/notifications', { ...current, general: channels }, token);
  expect(saved.status).toBe(200);
};
const postAlert = async (title: string, fields: Partial<AlertInput> = {}) => {
  const input: AlertInput = { title, room: 'forex', content: 'Achat EUR/USD au marché, stop sous 1.0820.', attachments: [], trade: null, freeAlert: false, ...fields };
  const response = await server.post('/rest/alerts', input, await server.tokenOf('coach'));
  expect(response.status).toBe(200);
  return alertAnswer.parse(await response.json()).alert;
};
const endpointRows = (endpoint: string) => server.database.db.select().from(pushEndpoints).where(eq(pushEndpoints.endpoint, endpoint));

describe('VAPID keys', () => {
  it('are generated once into the database and stay the same; configured ones win', async () => {
    const database = await migratedDatabase();
    try {
      const first = await vapidKeysFor(database.db, { vapid: undefined, vapidSubject: 'mailto:equipe@comptoir.test' });
      expect(webPushKeyAnswer.safeParse({ publicKey: first.publicKey }).success).toBe(true);
      expect(first.privateKey).toMatch(/^[\w-]{43}$/);
      expect(await vapidKeysFor(database.db, { vapid: undefined, vapidSubject: 'mailto:x@comptoir.test' })).toEqual({ ...first, subject: 'mailto:x@comptoir.test' });
      expect(await database.db.select().from(serverSecrets)).toHaveLength(1);
      const configured = { publicKey: `B${'A'.repeat(86)}`, privateKey: 'C'.repeat(43) };
      expect(await vapidKeysFor(database.db, { vapid: configured, vapidSubject: 'https://comptoir.example.test' })).toEqual({ ...configured, subject: 'https://comptoir.example.test' });
    } finally {
      await database.close();
    }
  });

  it('hands the public key to anyone, never the private one', async () => {
    const answer = await jsonOf(await server.get('/rest/public/web-push-key'));
    expect(answer).toEqual({ status: 200, body: { publicKey } });
    const [stored] = await server.database.db.select().from(serverSecrets);
    expect(stored?.value).toMatchObject({ publicKey });
  });
});

describe('POST /settings/notifications/endpoint', () => {
  it('stores the browser subscription once per endpoint, for the member who sent it last', async () => {
    const browser = await subscribe('vip', '/enregistrement');
    await subscribe('vip', '/enregistrement');
    let rows = await endpointRows(browser.subscription.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'WEB', subscription: { endpoint: browser.subscription.endpoint } });
    const vipId = rows[0]!.userId;
    // The same browser, now used by another member.
    const answer = await server.post('/rest/settings/notifications/endpoint', { subscription: browser.subscription, channel: 'WEB' }, await server.tokenOf('live'));
    expect(answer.status).toBe(200);
    rows = await endpointRows(browser.subscription.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).not.toBe(vipId);
  });

  it('keeps a member’s latest browsers only', async () => {
    const token = await server.tokenOf('coach');
    const endpoints: string[] = [];
    for (let i = 0; i <= PUSH_ENDPOINTS_PER_MEMBER; i += 1) {
      const { subscription } = browserSubscription(`${pushService.origin}/coach-${i}`);
      endpoints.push(subscription.endpoint);
      expect((await server.post('/rest/settings/notifications/endpoint', { subscription, channel: 'WEB' }, token)).status).toBe(200);
    }
    const kept = (await server.database.db.select().from(pushEndpoints)).filter((row) => row.endpoint.includes('/coach-')).map((row) => row.endpoint);
    expect(kept.sort()).toEqual(endpoints.slice(1).sort());
  });

  it('refuses a subscription it could not push to with a clear message, and a visitor', async () => {
    const token = await server.tokenOf('vip');
    const { subscription } = browserSubscription(`${pushService.origin}/mauvais`);
    const bad = [
      {},
      { subscription },
      { subscription, channel: 'SMS' },
      { subscription: { endpoint: subscription.endpoint }, channel: 'WEB' },
      { subscription: { ...subscription, endpoint: 'http://push.example.test/en-clair' }, channel: 'WEB' },
      { subscription: { ...subscription, endpoint: 'pas une adresse' }, channel: 'WEB' },
      { subscription: { ...subscription, keys: { p256dh: 'cle', auth: subscription.keys.auth } }, channel: 'WEB' },
      { subscription: { ...subscription, keys: { p256dh: subscription.keys.p256dh, auth: 'c2VjcmV0' } }, channel: 'WEB' },
    ];
    for (const body of bad) {
      expect(await jsonOf(await server.post('/rest/settings/notifications/endpoint', body, token)), JSON.stringify(body)).toEqual({
        status: 400,
        body: { error: PUSH_SUBSCRIPTION_INVALID },
      });
    }
    expect(await endpointRows(subscription.endpoint)).toEqual([]);
    expect((await server.post('/rest/settings/notifications/endpoint', { subscription, channel: 'WEB' })).status).toBe(401);
  });
});

describe('a new alert', () => {
  it('reaches, encrypted and signed, the browsers of the readers whose Web box is ticked, and only theirs', async () => {
    const vip = await subscribe('vip', '/vip');
    const live = await subscribe('live', '/live');
    const outsider = await subscribe('membre', '/membre');
    await generalChannels('vip', { mobile: true, mail: true, web: true });
    await generalChannels('live', { mobile: true, mail: false, web: false });

    const title = `Achat EUR/USD ${randomUUID().slice(0, 8)}`;
    await postAlert(title, { sendMail: true });
    const [message] = await pushService.messagesTo('/vip');
    expect(message, 'aucun push pour vip').toBeDefined();
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(message!.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(message!.headers.authorization as string | undefined, publicKey);
    expect(claims).toMatchObject({ aud: pushService.origin, sub: 'mailto:equipe@comptoir.test' });
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    const payload = webPushPayload.parse(JSON.parse(decryptPush(message!.body, vip.ecdh, vip.auth)));
    expect(payload).toEqual({
      title: `Nouvelle notification Forex : ${title}`,
      body: 'Achat EUR/USD au marché, stop sous 1.0820.',
      url: '/notification?room=Forex',
    });
    // The others were sent in the same batch: give them time to arrive if they had been sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await pushService.messagesTo('/live', 1, 0)).toEqual([]);
    // 'membre' cannot read the room.
    expect(await pushService.messagesTo('/membre', 1, 0)).toEqual([]);
    expect(live.subscription.endpoint).not.toBe(outsider.subscription.endpoint);

    // The E-mail box is honoured the same way.
    const mails = (await server.database.db.select().from(mailOutbox)).filter((mail) => mail.subject.includes(title));
    expect(mails.map((mail) => mail.toEmail)).toContain('vip@comptoir.test');
    expect(mails.map((mail) => mail.toEmail)).not.toContain('live@comptoir.test');
  });

  it('is pushed again once the Web box is ticked back, without sendMail, and not on an edit', async () => {
    const live = await subscribe('live', '/live-retour');
    await generalChannels('live', { mobile: true, mail: true, web: true });
    const title = `Vente indices ${randomUUID().slice(0, 8)}`;
    const alert = await postAlert(title);
    const [message] = await pushService.messagesTo('/live-retour');
    expect(message, 'aucun push pour live').toBeDefined();
    expect(webPushPayload.parse(JSON.parse(decryptPush(message!.body, live.ecdh, live.auth))).title).toBe(`Nouvelle notification Forex : ${title}`);
    expect((await server.database.db.select().from(mailOutbox)).filter((mail) => mail.subject.includes(title))).toEqual([]);

    const edit = await server.put(`/rest/alerts/${alert._id}`, { title: `${title} (modifiée)`, room: 'forex', content: 'Stop relevé.', attachments: [], trade: null, freeAlert: false }, await server.tokenOf('coach'));
    expect(edit.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await pushService.messagesTo('/live-retour', 2, 0)).toHaveLength(1);
  });

  it('drops a subscription the push service says is gone (404, 410), keeps one that failed otherwise', async () => {
    await generalChannels('vip', { mobile: true, mail: true, web: true });
    const gone = await subscribe('vip', '/partie');
    const unknown = await subscribe('vip', '/inconnue');
    const flaky = await subscribe('vip', '/en-panne');
    pushService.answer('/partie', 410);
    pushService.answer('/inconnue', 404);
    pushService.answer('/en-panne', 503);
    await postAlert(`Alerte ${randomUUID().slice(0, 8)}`);
    for (const path of ['/partie', '/inconnue', '/en-panne']) expect(await pushService.messagesTo(path)).toHaveLength(1);
    for (let i = 0; i < 100 && (await endpointRows(gone.subscription.endpoint)).length > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await endpointRows(gone.subscription.endpoint)).toEqual([]);
    expect(await endpointRows(unknown.subscription.endpoint)).toEqual([]);
    expect(await endpointRows(flaky.subscription.endpoint)).toHaveLength(1);
  });
});
