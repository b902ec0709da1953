import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { createClient } from 'graphql-ws';
import { io as connect, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueToken, TOKEN_COOKIE } from '../../server/auth/tokens';
import { hashPassword } from '../../server/auth/passwords';
import { BANNED, INVALID_REQUEST, NOT_ALLOWED } from '../../server/chat/chat-access';
import { MESSAGE_NOT_FOUND } from '../../server/chat/read-state';
import { ALERT_NOT_FOUND } from '../../server/alerts/alert-write';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { DEV_PAGE_PREFIXES } from '../../server/http/dev-pages';
import { FORMATION_TYPE } from '../../server/learning/formation-documents';
import { loadFormation, loadFormations } from '../../server/learning/formation-catalogue';
import { SOCIAL_TYPE } from '../../server/content/landing-store';
import { DEMO_VIP_PLAN } from '../../server/db/seed-billing';
import {
  alerts,
  articles,
  contentEntries,
  conversationMembers,
  heldMessages,
  invoices,
  messages,
  replays,
  tools,
  users,
  userSubscriptions,
} from '../../server/db/schema';
import { contentSchema, INVALID_CREDENTIALS } from '../../server/graphql/content-schema';
import { CLIENT_EVENTS, postMessageAck } from '../../src/contract/chat';
import { GRAPHQL_PATH, SOCKET_PATH } from '../../src/contract/hosts';
import { MESSAGING_ERRORS } from '../../src/contract/messaging';
import { affiliation } from '../../src/contract/referral';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { MUTE_TEXT } from '../../src/domain/mute';
import {
  GRAPHQL_ROWS,
  PRIME_READERS,
  PRIME_TEXT,
  REST_ROWS,
  ROLES,
  SOCKET_ROWS,
  VIP_READERS,
  VIP_TEXT,
  type Expected,
  type Objects,
  type Outcome,
  type RestRow,
  type Role,
} from './authorization-table';
import { startTestServer, type TestServer } from './test-server';

/**
 * Issue 23: the authorization matrix (authorization-table.ts) run against one real server. Every
 * cell is called as its role from another machine than the server's (the development pages answer
 * only the staff there), and its answer compared with the table's; no answer may carry the
 * victim's private data, and none may be a 5xx. A route, GraphQL field or socket event without a
 * row fails the walk below.
 */

/** What a cell answered: an outcome of the table, or a failure no cell may give. */
type Answer = { outcome: Outcome | 'server-error'; detail: string; body: string };

let server: TestServer;
const tokens = new Map<Role, string>();
const sockets = new Map<Role, Socket>();
let objects: Objects;
/** Strings only the victim (and the bystander, their correspondent) may ever be shown. */
let markers: string[] = [];
const DAY = 24 * 60 * 60 * 1000;

/** Each role calls from its own address: the per-address limits (sign-in, contact) count each apart. */
const addressOf = (role: Role): string => `203.0.113.${ROLES.indexOf(role) + 10}`;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  const userOf = async (username: string) => {
    const [row] = await db.select().from(users).where(eq(users.username, username));
    if (!row) throw new Error(`compte manquant : ${username}`);
    return row;
  };
  // The roles the demo data has no account for.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  const fresh = async (username: string, subscriptions: { id: number; days: number }[], isStaff = false) => {
    const [row] = await db.insert(users).values({ username, email: `${username}@matrice.test`, passwordHash, firstName: username, isStaff, confirmed: true }).returning();
    if (!row) throw new Error(username);
    if (subscriptions.length > 0) {
      await db.insert(userSubscriptions).values(subscriptions.map((s) => ({ userId: row.id, subscriptionId: s.id, expiresAt: new Date(now + s.days * DAY) })));
    }
    return row;
  };
  const accounts: Record<Role, Awaited<ReturnType<typeof userOf>> | null> = {
    anonymous: null,
    membre: await userOf('membre'),
    vip: await fresh('matrice-vip', [{ id: SUBSCRIPTION.VIP, days: 30 }]),
    vipExpired: await fresh('matrice-expire', [{ id: SUBSCRIPTION.VIP, days: -1 }]),
    live: await userOf('live'),
    prime: await fresh('matrice-prime', [
      { id: SUBSCRIPTION.VIP, days: 30 },
      { id: SUBSCRIPTION.PRIME, days: 30 },
    ]),
    banni: await userOf('banni'),
    muted: await fresh('matrice-muet', [{ id: SUBSCRIPTION.VIP, days: 30 }]),
    coach: await userOf('coach'),
    // On the staff list (spec 2 §6: videos, audio notes, the ALL room), without subscription 6.
    staff: await fresh('matrice-staff', [{ id: SUBSCRIPTION.VIP, days: 30 }], true),
  };
  for (const role of ROLES) {
    const account = accounts[role];
    if (account) tokens.set(role, issueToken(server.app, account));
  }
  const victim = await userOf('vip');
  const bystander = await userOf('support');
  const victimToken = issueToken(server.app, victim);

  for (const role of ROLES) {
    const token = tokens.get(role);
    if (token) sockets.set(role, await openSocket(token));
  }
  // Each role's own message where it may write, written before the muted member is muted the moderators' way.
  const own = await Promise.all(
    ROLES.map(async (role) => {
      const socket = sockets.get(role);
      const answer: unknown = socket ? await socket.timeout(5000).emitWithAck(CLIENT_EVENTS.post, { clientId: randomUUID(), content: `Message de ${role}`, room: 'forex' }) : null;
      const posted = postMessageAck.safeParse(answer);
      return [role, posted.success && 'message' in posted.data ? posted.data.message._id : 'aucun-message'] as const;
    }),
  );
  const muted = await inject('coach', { method: 'POST', url: '/rest/chat/mutes', payload: { userId: accounts.muted?.id, minutes: 1440 } });
  expect(muted.statusCode).toBe(200);

  // The victim's messages: one to point at, and one per role to edit and delete.
  const victimSocket = await openSocket(victimToken);
  const post = async (room: string, content: string): Promise<string> => {
    const answer = z.parse(postMessageAck, await victimSocket.timeout(5000).emitWithAck(CLIENT_EVENTS.post, { clientId: randomUUID(), content, room }));
    if (!('message' in answer)) throw new Error(`message de la victime refusé : ${JSON.stringify(answer)}`);
    return answer.message._id;
  };
  const message = await post('forex', VIP_TEXT);
  const throwaway = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, await post('forex', `Message jetable (${role})`)] as const)));
  victimSocket.close();
  const [primeMessage] = await db.select({ id: messages.id }).from(messages).where(and(eq(messages.roomId, 'prime'), isNull(messages.deletedAt))).limit(1);
  const [conversation] = await db
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .innerJoin(messages, eq(messages.conversationId, conversationMembers.conversationId))
    .where(and(eq(conversationMembers.userId, victim.id), eq(messages.authorId, bystander.id)))
    .limit(1);
  const [privateMessage] = conversation ? await db.select({ id: messages.id, content: messages.content }).from(messages).where(eq(messages.conversationId, conversation.id)).limit(1) : [];

  // The victim's upload (unattached: only its owner may read it) and referral code.
  const form = new FormData();
  form.append('type', 'file');
  form.append('file', new Blob(['%PDF-1.4 relevé privé'], { type: 'application/pdf' }), 'releve-prive-victor.pdf');
  const uploaded = await fetch(`${server.url}/rest/upload`, { method: 'POST', headers: { authorization: `Bearer ${victimToken}` }, body: form });
  const upload = z.object({ attachmentId: z.string() }).parse(await uploaded.json());
  const programme = await server.app.inject({ method: 'POST', url: '/rest/settings/affiliation', headers: { authorization: `Bearer ${victimToken}` }, payload: {} });
  const [invoice] = await db.select({ ref: invoices.ref }).from(invoices).where(eq(invoices.userId, victim.id)).limit(1);
  const [alert] = await db.select({ id: alerts.id }).from(alerts).where(and(eq(alerts.roomId, 'forex'), eq(alerts.freeAlert, false), isNull(alerts.deletedAt))).limit(1);
  const [formation] = await db.select({ id: contentEntries.id }).from(contentEntries).where(eq(contentEntries.type, FORMATION_TYPE)).limit(1);
  const [replay] = await db.select({ id: replays.id }).from(replays).limit(1);
  const [article] = await db.select({ id: articles.id }).from(articles).limit(1);
  const [tool] = await db.select({ id: tools.id }).from(tools).limit(1);
  const [social] = await db.select({ id: contentEntries.id }).from(contentEntries).where(eq(contentEntries.type, SOCIAL_TYPE)).limit(1);
  const heldId = randomUUID();
  await db.insert(heldMessages).values({
    id: heldId,
    roomId: 'forex',
    authorId: victim.id,
    clientId: randomUUID(),
    input: { clientId: randomUUID(), content: 'Message retenu', room: 'forex' },
    keyword: 'retenu',
    createdAt: new Date(),
  });
  const reported = await server.app.inject({
    method: 'POST',
    url: '/rest/chat/reports',
    headers: { authorization: `Bearer ${issueToken(server.app, bystander)}` },
    payload: { messageId: message, reason: 'spam' },
  });
  expect(reported.statusCode).toBe(200);
  const chapter = formation ? (await loadFormation(db, formation.id))?.chapitres.find((c) => c.video)?.id : undefined;
  const primeFormation = (await loadFormations(db)).find((f) => f.categoryId === 2);
  const primeChapter = primeFormation?.chapitres.find((c) => c.video)?.id;
  if (!primeMessage || !conversation || !privateMessage || !invoice || !alert || !formation || chapter === undefined || !primeFormation || primeChapter === undefined || !replay || !article || !tool || !social) {
    throw new Error('objets de démo manquants');
  }
  // An urgent alert: its 'Bien reçu' is the members' to give (issue 22). It and a Prime message say what only their readers may read.
  await db.update(alerts).set({ urgent: true, content: VIP_TEXT }).where(eq(alerts.id, alert.id));
  await db.update(messages).set({ content: PRIME_TEXT }).where(eq(messages.id, primeMessage.id));
  const emails = Object.fromEntries(ROLES.map((role) => [role, accounts[role]?.email ?? bystander.email]));
  objects = {
    emails: z.record(z.enum(ROLES), z.string()).parse(emails),
    victim: { id: victim.id, username: victim.username },
    bystander: { id: bystander.id, username: bystander.username },
    message,
    primeMessage: primeMessage.id,
    throwaway: z.record(z.enum(ROLES), z.string()).parse(throwaway),
    own: z.record(z.enum(ROLES), z.string()).parse(Object.fromEntries(own)),
    conversation: conversation.id,
    privateMessage: privateMessage.id,
    upload: upload.attachmentId,
    invoice: invoice.ref,
    card: DEMO_VIP_PLAN.cardId,
    payment: DEMO_VIP_PLAN.paymentId,
    alert: alert.id,
    formation: formation.id,
    chapter,
    primeFormation: primeFormation.id,
    primeChapter,
    replay: replay.id,
    article: article.id,
    tool: tool.id,
    social: social.id,
    reportedMessage: message,
    heldMessage: heldId,
  };
  const { code } = z.object({ affiliation }).parse(programme.json()).affiliation;
  markers = [victim.email, invoice.ref, DEMO_VIP_PLAN.cardId, privateMessage.content, 'releve-prive-victor', code];

}, 60_000);

afterAll(async () => {
  for (const socket of sockets.values()) socket.close();
  await server?.close();
});

describe('the authorization matrix covers the whole server', () => {
  it('has a row for every registered route, and no row for a route that is gone', () => {
    const registered = new Set(server.routes.map((route) => `${route.method} ${route.url}`));
    const rows = [...new Set(REST_ROWS.map((row) => `${row.method} ${row.route}`))];
    expect({ withoutRow: [...registered].filter((route) => !rows.includes(route)), stale: rows.filter((row) => !registered.has(row)) }).toEqual({
      withoutRow: [],
      stale: [],
    });
    const cases = REST_ROWS.map((row) => `${row.method} ${row.route} ${row.case ?? ''}`);
    expect(cases.length).toBe(new Set(cases).size);
  });

  it('has a row for every GraphQL field, and no row for a field that is gone', () => {
    const fields = (['Query', 'Mutation', 'Subscription'] as const).flatMap((type) => {
      const root = type === 'Query' ? contentSchema.getQueryType() : type === 'Mutation' ? contentSchema.getMutationType() : contentSchema.getSubscriptionType();
      return Object.keys(root?.getFields() ?? {}).map((field) => `${type}.${field}`);
    });
    const rows = GRAPHQL_ROWS.map((row) => `${row.type}.${row.field}`);
    expect({ withoutRow: fields.filter((field) => !rows.includes(field)), stale: rows.filter((row) => !fields.includes(row)) }).toEqual({ withoutRow: [], stale: [] });
  });

  it('has a row for every socket event the server listens to, and no row for one it does not', () => {
    const client = sockets.get('membre');
    const listening = client?.id ? server.io.sockets.sockets.get(client.id) : undefined;
    if (!listening) throw new Error('socket du membre introuvable côté serveur');
    const events = listening.eventNames().map(String).filter((event) => !SOCKET_IO_OWN_EVENTS.includes(event));
    const rows = new Set(SOCKET_ROWS.map((row) => row.event));
    expect({ withoutRow: events.filter((event) => !rows.has(event)), stale: [...rows].filter((event) => !events.includes(event)) }).toEqual({ withoutRow: [], stale: [] });
  });
});

describe('every cell answers as the table says', () => {
  it('REST routes', async () => {
    expect(await restCells(REST_ROWS.filter((row) => !row.last))).toEqual([]);
  }, 60_000);

  it('GraphQL fields', async () => {
    const mismatches: string[] = [];
    for (const row of GRAPHQL_ROWS) {
      await Promise.all(
        ROLES.map(async (role) => {
          const answer = row.type === 'Subscription' ? await subscribe(row.document(role), role) : await callGraphql(row.document(role), role);
          check(mismatches, `${row.type}.${row.field}`, role, row.expect, answer);
        }),
      );
    }
    expect(mismatches).toEqual([]);
  }, 60_000);

  it('socket events', async () => {
    const mismatches: string[] = [];
    // The anonymous never get a socket: the handshake refuses them.
    const refused = await openSocket(null).then(
      (socket) => {
        socket.close();
        return false;
      },
      () => true,
    );
    for (const row of SOCKET_ROWS) {
      await Promise.all(
        ROLES.map(async (role) => {
          const socket = sockets.get(role);
          const answer: Answer = socket
            ? classifyAck(await socket.timeout(5000).emitWithAck(row.event, row.payload(objects, role)))
            : { outcome: refused ? 'unauthenticated' : 'ok', detail: refused ? 'poignée de main refusée' : 'connecté sans jeton', body: '' };
          check(mismatches, `'${row.event}' (${row.case})`, role, row.expect, answer);
        }),
      );
    }
    expect(mismatches).toEqual([]);
  }, 60_000);

  // Last of all: these end the callers' accounts.
  it('REST routes that end the session', async () => {
    expect(await restCells(REST_ROWS.filter((row) => row.last))).toEqual([]);
    // The deleted accounts' tokens open nothing any more, and their open sockets were ended.
    const after = await Promise.all(
      [...tokens].map(async ([role, token]) => {
        const me = await server.app.inject({ method: 'GET', url: '/content/api/users/me', headers: { authorization: `Bearer ${token}` } });
        const socket = sockets.get(role);
        const open = socket ? !(await ended(socket, 5000)) : false;
        const reopened = await openSocket(token).then(
          (again) => {
            again.close();
            return 'reconnected';
          },
          () => 'refused',
        );
        return `${role}: ${me.statusCode}, socket ${open ? 'still open' : 'ended'}, ${reopened}`;
      }),
    );
    expect(after).toEqual([...tokens.keys()].map((role) => `${role}: 401, socket ended, refused`));
  }, 60_000);
});

/** socket.io's own events (a connection's errors and end): no client's to send. */
const SOCKET_IO_OWN_EVENTS = ['error', 'disconnect', 'disconnecting'];

/** Runs the rows one after another, each row's roles together; the cells that did not answer as expected. */
async function restCells(rows: RestRow[]): Promise<string[]> {
  const mismatches: string[] = [];
  for (const row of rows) {
    const name = `${row.method} ${row.route}${row.case ? ` (${row.case})` : ''}`;
    await Promise.all(ROLES.map(async (role) => check(mismatches, name, role, row.expect, await callRest(row, role), row.showsOthers === true && row.expect[role] === 'ok')));
    // The development pages are guarded by their address: written otherwise, they answer the same.
    if (!DEV_PAGE_PREFIXES.some((prefix) => row.route.startsWith(prefix))) continue;
    await Promise.all(
      ROLES.map(async (role) => check(mismatches, `${name} (adresse encodée)`, role, row.expect, await callRest(row, role, percentEncoded), row.showsOthers === true && row.expect[role] === 'ok')),
    );
  }
  return mismatches;
}

/** The same address with each letter of its path percent-encoded ('/content/%64%65%76/…'), as the router decodes it. */
function percentEncoded(url: string): string {
  const [path = '', query] = url.split('?');
  const encoded = path.replace(/[a-z]/gi, (letter) => `%${letter.charCodeAt(0).toString(16).toUpperCase()}`);
  return query === undefined ? encoded : `${encoded}?${query}`;
}

/** Records a cell that answered otherwise than the table, a 5xx, or the victim's data. */
function check(mismatches: string[], name: string, role: Role, expected: Expected, answer: Answer, showsOthers = false): void {
  if (answer.outcome !== expected[role]) mismatches.push(`${name} × ${role}: attendu ${expected[role]}, reçu ${answer.outcome} (${answer.detail})`);
  if (showsOthers) return;
  const leaked = markers.filter((marker) => answer.body.includes(marker));
  if (leaked.length > 0) mismatches.push(`${name} × ${role}: données de la victime dans la réponse (${leaked.join(', ')})`);
  if (!VIP_READERS.includes(role) && answer.body.includes(VIP_TEXT)) mismatches.push(`${name} × ${role}: texte VIP dans la réponse`);
  if (!PRIME_READERS.includes(role) && answer.body.includes(PRIME_TEXT)) mismatches.push(`${name} × ${role}: texte Prime dans la réponse`);
}

/** A signed-in member's bearer token, and the token cookie their browser sends with pages and images. */
function credentials(role: Role): Record<string, string> {
  const token = tokens.get(role);
  return token ? { authorization: `Bearer ${token}`, cookie: `${TOKEN_COOKIE}=${token}` } : {};
}

async function inject(role: Role, request: { method: RestRow['method']; url: string; payload?: unknown }) {
  const headers = credentials(role);
  if (request.payload !== undefined) headers['content-type'] = 'application/json';
  return server.app.inject({
    method: request.method,
    url: request.url,
    remoteAddress: addressOf(role),
    headers,
    ...(request.payload === undefined ? {} : { payload: JSON.stringify(request.payload) }),
  });
}

async function callRest(row: RestRow, role: Role, written: (url: string) => string = (url) => url): Promise<Answer> {
  const url = written(row.path ? row.path(objects, role) : row.route);
  if (row.form) {
    const form = new FormData();
    form.append('type', row.form.type);
    form.append('file', new Blob([new Uint8Array(row.form.signature ?? []), row.form.text], { type: row.form.mime }), row.form.name);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const response = await server.app.inject({
      method: row.method,
      url,
      remoteAddress: addressOf(role),
      headers: { 'content-type': request.headers.get('content-type') ?? '', ...credentials(role) },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    return classifyStatus(response.statusCode, response.body);
  }
  const response = await inject(role, { method: row.method, url, payload: row.body?.(objects, role) });
  return classifyStatus(response.statusCode, response.body);
}

function classifyStatus(status: number, body: string): Answer {
  const detail = `${status} ${body.slice(0, 120)}`;
  if (status >= 500) return { outcome: 'server-error', detail, body };
  if (status >= 300 && status < 400) return { outcome: 'redirect', detail, body };
  if (status < 300) return { outcome: 'ok', detail, body };
  const outcome: Record<number, Outcome> = { 401: 'unauthenticated', 403: 'forbidden', 404: 'not-found', 429: 'too-many' };
  return { outcome: outcome[status] ?? 'invalid', detail, body };
}

const graphqlAnswer = z.object({
  data: z.unknown().optional(),
  errors: z.array(z.object({ message: z.string(), extensions: z.object({ code: z.string() }).partial().optional() })).optional(),
});

async function callGraphql(query: string, role: Role): Promise<Answer> {
  const response = await inject(role, { method: 'POST', url: GRAPHQL_PATH, payload: { query } });
  if (response.statusCode !== 200) return classifyStatus(response.statusCode, response.body);
  return classifyGraphql(graphqlAnswer.parse(response.json()).errors, response.body);
}

function classifyGraphql(errors: z.infer<typeof graphqlAnswer>['errors'], body: string): Answer {
  const error = errors?.[0];
  if (!error) return { outcome: 'ok', detail: body.slice(0, 120), body };
  const detail = `${error.extensions?.code ?? '-'} ${error.message}`;
  const byCode: Record<string, Outcome> = {
    FORBIDDEN: 'forbidden',
    UNAUTHENTICATED: 'unauthenticated',
    BAD_USER_INPUT: 'invalid',
    CONFLICT: 'invalid',
    NOT_FOUND: 'not-found',
    TOO_MANY_REQUESTS: 'too-many',
  };
  const outcome = byCode[error.extensions?.code ?? ''] ?? (error.message === INVALID_CREDENTIALS ? 'invalid' : 'server-error');
  return { outcome, detail, body };
}

/** A subscription as graphql-ws opens it: refused at the connection, refused by its first answer, or running. */
async function subscribe(query: string, role: Role): Promise<Answer> {
  const token = tokens.get(role);
  const client = createClient({
    url: `${server.url.replace(/^http/, 'ws')}${GRAPHQL_PATH}`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { token } : {},
    retryAttempts: 0,
    lazy: false,
    // A refused connection reaches the subscription's own error below.
    onNonLazyError: () => undefined,
  });
  try {
    return await new Promise<Answer>((resolve) => {
      // Running without an error for a moment: the subscription was accepted.
      const timer = setTimeout(() => resolve({ outcome: 'ok', detail: 'abonné', body: '' }), 300);
      client.subscribe(
        { query },
        {
          next: (value) => {
            clearTimeout(timer);
            resolve(classifyGraphql(graphqlAnswer.parse(value).errors, JSON.stringify(value)));
          },
          error: (error: unknown) => {
            clearTimeout(timer);
            const closed = z.object({ code: z.number() }).safeParse(error);
            if (closed.success && closed.data.code === 4403) resolve({ outcome: 'unauthenticated', detail: 'connexion refusée (4403)', body: '' });
            else resolve(classifyGraphql(z.array(graphqlAnswer.shape.errors.unwrap().element).safeParse(error).data, JSON.stringify(error)));
          },
          complete: () => undefined,
        },
      );
    });
  } finally {
    void client.dispose();
  }
}

/** A socket acknowledgement, by its error's words. */
function classifyAck(answer: unknown): Answer {
  const body = JSON.stringify(answer) ?? '';
  const refusal = z.object({ error: z.string() }).safeParse(answer);
  if (!refusal.success) return { outcome: 'ok', detail: body.slice(0, 120), body };
  const error = refusal.data.error;
  const forbidden = [NOT_ALLOWED, BANNED, MESSAGING_ERRORS.notAllowed, MESSAGING_ERRORS.blocked];
  const notFound: string[] = [MESSAGING_ERRORS.conversationNotFound, MESSAGE_NOT_FOUND, ALERT_NOT_FOUND];
  const mutedPrefix = MUTE_TEXT.refused(new Date(), new Date()).split(' jusqu’à')[0] ?? '';
  const outcome: Outcome | 'server-error' = forbidden.includes(error) || error.startsWith(mutedPrefix)
    ? 'forbidden'
    : notFound.includes(error)
      ? 'not-found'
      : error === INVALID_REQUEST
        ? 'invalid'
        : 'server-error';
  return { outcome, detail: error, body };
}

/** Whether the socket is (or gets, within `ms`) disconnected. */
function ended(socket: Socket, ms: number): Promise<boolean> {
  if (!socket.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function openSocket(token: string | null): Promise<Socket> {
  const socket = connect(server.url, { path: SOCKET_PATH, auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return socket;
}
