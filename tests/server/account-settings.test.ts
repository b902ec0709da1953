import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { captchaChallenge, coachesResponse, CONTACT_SUBJECTS, localCaptchaToken, notificationSettings } from '../../src/contract/account';
import { contactMessages, notificationPreferences, pushEndpoints, users } from '../../server/db/schema';
import { jsonOf, latestMail } from './account-helpers';
import { browserSubscription } from './push-service';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(() => server.close());

describe('notification preferences', () => {
  it('answers the defaults over the readable rooms, saves a change and gives it back', async () => {
    const token = await server.tokenOf('vip');
    const first = notificationSettings.parse(await (await server.get('/rest/settings/notifications', token)).json());
    expect(Object.keys(first.rooms).sort()).toEqual(['all', 'crypto', 'forex', 'indices']);
    expect(first.general).toEqual({ mobile: true, mail: true, web: true });
    expect(Object.keys(first.global)).toEqual(['private-message', 'like', 'thread', 'commented-too', 'mentioned-you', 'new-post']);
    expect(first.global['new-post']).toEqual({ mobile: false, mail: false, web: false });
    expect(first.coaches).toEqual([]);

    const coaches = coachesResponse.parse(await (await server.get('/rest/settings/coaches', token)).json());
    expect(coaches.map((c) => c.username)).toEqual(['analyste', 'coach']);
    const coach = coaches.find((c) => c.username === 'coach')!;
    const wanted = {
      ...first,
      general: { mobile: false, mail: true, web: true },
      global: { ...first.global, 'mentioned-you': { mobile: false, mail: true, web: false } },
      rooms: { ...first.rooms, forex: { mobile: false, mail: false, web: false } },
      coaches: [{ _id: coach._id, username: 'nom envoyé par le client' }],
    };
    const saved = await jsonOf(await server.put('/rest/settings/notifications', wanted, token));
    expect(saved.status).toBe(200);
    const again = notificationSettings.parse(await (await server.get('/rest/settings/notifications', token)).json());
    expect(again).toEqual({ ...wanted, coaches: [{ _id: coach._id, username: 'coach' }] });
  });

  it('refuses a malformed body, a room the member cannot read, a coach who is not staff, and no token', async () => {
    const token = await server.tokenOf('vip');
    const current = notificationSettings.parse(await (await server.get('/rest/settings/notifications', token)).json());
    const bad = [
      { ...current, general: {} },
      { ...current, global: { ...current.global, 'mentioned-you': undefined } },
      { ...current, rooms: { ...current.rooms, prime: { mobile: true, mail: true, web: true } } },
      { ...current, coaches: [{ _id: 1, username: 'membre' }] },
    ];
    for (const body of bad) expect(await jsonOf(await server.put('/rest/settings/notifications', body, token))).toEqual({ status: 400, body: { error: 'Requête invalide' } });
    for (const path of ['/rest/settings/notifications', '/rest/settings/coaches']) expect((await server.get(path)).status).toBe(401);
  });

  it('reads preferences saved in the former shape into the matrix rows, choices kept', async () => {
    const token = await server.tokenOf('live');
    const [live] = await server.database.db.select().from(users).where(eq(users.username, 'live'));
    const off = { mobile: false, mail: false, web: false };
    const mailOnly = { mobile: false, mail: true, web: false };
    const former = {
      general: { newAlert: mailOnly, newReply: off, mention: mailOnly, privateMessage: off },
      rooms: { forex: off },
      global: { newPost: off, liveStarting: off },
      coaches: [],
    };
    await server.database.db.insert(notificationPreferences).values({ userId: live!.id, settings: former, updatedAt: new Date() });
    const read = notificationSettings.parse(await (await server.get('/rest/settings/notifications', token)).json());
    expect(read.general).toEqual(mailOnly);
    expect(read.rooms.forex).toEqual(off);
    expect(read.global).toMatchObject({ 'private-message': off, thread: off, 'mentioned-you': mailOnly, 'new-post': off });
  });

  it('stores a web-push endpoint per browser', async () => {
    const token = await server.tokenOf('vip');
    const { subscription } = browserSubscription('https://push.example.test/abc');
    for (let i = 0; i < 2; i += 1) {
      expect(await jsonOf(await server.post('/rest/settings/notifications/endpoint', { subscription, channel: 'WEB' }, token))).toEqual({
        status: 200,
        body: { success: true },
      });
    }
    const rows = await server.database.db.select().from(pushEndpoints).where(eq(pushEndpoints.endpoint, subscription.endpoint));
    expect(rows).toHaveLength(1);
    expect((await server.post('/rest/settings/notifications/endpoint', { subscription, channel: 'SMS' }, token)).status).toBe(400);
    expect((await server.post('/rest/settings/notifications/endpoint', { subscription, channel: 'WEB' })).status).toBe(401);
  });
});

describe('POST /contact', () => {
  it('stores the message and mails it to the team; signed in, the account e-mail is kept', async () => {
    const message = { subject: 'Lives et replays', name: 'Paul', email: 'paul@exemple.test', message: 'Bonjour, une question.' };
    expect(await jsonOf(await server.post('/rest/contact', message))).toEqual({ status: 200, body: { success: true } });
    const mail = await latestMail(server, 'equipe@comptoir.test', /\[Contact\] Lives et replays/);
    expect(mail.text).toContain('Paul <paul@exemple.test>');
    expect(mail.text).toContain('Bonjour, une question.');

    const token = await server.tokenOf('membre');
    await server.post('/rest/contact', { ...message, subject: 'Parrainage', name: 'Quelqu’un d’autre', email: 'autre@exemple.test' }, token);
    const [row] = await server.database.db.select().from(contactMessages).where(eq(contactMessages.subject, 'Parrainage'));
    expect(row?.email).toBe('membre@comptoir.test');
    expect(row?.name).not.toBe('Quelqu’un d’autre');
    expect(row?.userId).not.toBeNull();
  });

  it('requires every field and a valid e-mail, then limits the rate', async () => {
    const message = { subject: 'Autre demande', name: 'Paul', email: 'paul@exemple.test', message: 'Texte' };
    for (const field of ['subject', 'name', 'email', 'message'] as const) {
      expect(await jsonOf(await server.post('/rest/contact', { ...message, [field]: '   ' }))).toEqual({ status: 400, body: { error: 'Ce champs est requis' } });
    }
    // The subject is one of the form's list, nothing else.
    expect(await jsonOf(await server.post('/rest/contact', { ...message, subject: 'Un sujet libre' }))).toEqual({
      status: 400,
      body: { error: 'Veuillez choisir un sujet dans la liste' },
    });
    expect(CONTACT_SUBJECTS).toContain(message.subject);
    expect(await jsonOf(await server.post('/rest/contact', { ...message, email: 'paul' }))).toEqual({
      status: 400,
      body: { error: "L'adresse email fourni n'est pas valide" },
    });
    // Two sent above; three more are allowed this hour.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await server.post('/rest/contact', message)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('public checks', () => {
  it('counts similar pseudos, any case, wildcards taken literally', async () => {
    expect(await (await server.get('/rest/public/nb_similar_username?username=VI')).json()).toEqual({ count: 1 });
    expect(await (await server.get('/rest/public/nb_similar_username?username=personne')).json()).toEqual({ count: 0 });
    expect(await (await server.get('/rest/public/nb_similar_username?username=%25')).json()).toEqual({ count: 0 });
    expect((await server.get('/rest/public/nb_similar_username')).status).toBe(400);
  });

  it('local captcha: the right answer passes once; a wrong, forged or replayed one fails', async () => {
    const fetchChallenge = async () => {
      const challenge = captchaChallenge.parse(await (await server.get('/rest/public/captcha')).json());
      if (challenge.provider !== 'local') throw new Error('local attendu');
      const [a, b] = (challenge.question.match(/\d+/g) ?? []).map(Number);
      return { challenge: challenge.challenge, answer: String((a ?? 0) + (b ?? 0)) };
    };
    const verify = async (recaptchaToken: string) => (await (await server.post('/rest/public/verify-recaptcha', { recaptchaToken })).json()) as unknown;
    const { challenge, answer } = await fetchChallenge();
    expect(await verify(localCaptchaToken(challenge, String(Number(answer) + 1)))).toEqual({ success: false });
    expect(await verify(localCaptchaToken(challenge, answer))).toEqual({ success: true });
    expect(await verify(localCaptchaToken(challenge, answer))).toEqual({ success: false });
    const other = await fetchChallenge();
    const [payload] = other.challenge.split('.');
    expect(await verify(localCaptchaToken(`${payload}.signature-inventee`, other.answer))).toEqual({ success: false });
    expect(await verify('nimporte-quoi')).toEqual({ success: false });
    expect((await server.post('/rest/public/verify-recaptcha', {})).status).toBe(400);
  });
});

describe('local captcha expiry', () => {
  it('refuses a right answer after 5 minutes', async () => {
    let now = Date.now();
    const clocked = await startTestServer({ app: { now: () => new Date(now) } });
    try {
      const challenge = captchaChallenge.parse(await (await clocked.get('/rest/public/captcha')).json());
      if (challenge.provider !== 'local') throw new Error('local attendu');
      const [a, b] = (challenge.question.match(/\d+/g) ?? []).map(Number);
      now += 5 * 60 * 1000 + 1;
      const answer = await clocked.post('/rest/public/verify-recaptcha', { recaptchaToken: localCaptchaToken(challenge.challenge, String((a ?? 0) + (b ?? 0))) });
      expect(await answer.json()).toEqual({ success: false });
    } finally {
      await clocked.close();
    }
  });
});
