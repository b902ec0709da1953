import { randomUUID } from 'node:crypto';
import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_EVENTS, okAck, postMessageAck } from '../../src/contract/chat';
import type { FollowingsRecord } from '../../src/contract/messaging';
import { userChatId } from '../../src/domain/private-chat';
import { window$ } from '../../src/store/chat-queries';
import type { ComptoirDatabase } from '../../src/store/database';
import { conversations$ } from '../../src/store/messaging-queries';
import { unreadConversationCount$ } from '../../src/store/queries';
import { createApiClient } from '../../src/sync/api-client';
import { createChatSync } from '../../src/sync/chat-sync';
import { readKv } from '../../src/sync/fold-chat-event';
import { conversationStream } from '../../src/sync/message-state';
import { FOLLOWINGS_KEY } from '../../src/sync/message-state';
import { BLOCKED_USERS_KEY, createMessagingSync, profileKey, type InboxEvent, type ProfileEntry } from '../../src/sync/messaging-sync';
import { createSocketTransport } from '../../src/sync/socket-transport';
import { createUploader } from '../../src/sync/upload-client';
import { openMemoryDatabase } from '../unit/store/memory-database';
import { userChannel } from '../../server/realtime/channels';
import { answerHeld, chatClient } from './chat-helpers';
import { startTestServer, type TestServer } from './test-server';

/**
 * The client's private messaging sync against the real server, in Node: one member with the
 * browser's store, socket, chat sync and messaging sync (one store at a time: RxDB allows 13
 * collections per process), the other members as plain sockets.
 */
let server: TestServer;
const cleanups: (() => void | Promise<void>)[] = [];
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await server.close();
});

const idOf = (token: string) => String((JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { id: number }).id);

async function member(account: string, options: { fetch?: typeof fetch } = {}) {
  const token = await server.tokenOf(account);
  const db: ComptoirDatabase = await openMemoryDatabase();
  const getToken = () => token;
  const socket = createSocketTransport({ getToken, url: server.url });
  const api = createApiClient({ getToken, baseUrl: server.url, fetch: options.fetch });
  const chat = createChatSync({ db, socket, api, upload: createUploader({ getToken }) });
  const messaging = createMessagingSync({ db, socket, api, chat });
  const inbox: InboxEvent[] = [];
  const watch = messaging.inbox$.subscribe((event) => inbox.push(event));
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    watch.unsubscribe();
    messaging.close();
    chat.close();
    socket.close();
    await db.remove();
  };
  cleanups.push(close);
  await vi.waitFor(() => expect(socket.connected$.value).toBe(true));
  return { id: idOf(token), db, chat, messaging, inbox, close };
}

const contents = async (db: ComptoirDatabase, conversationId: string) =>
  (await firstValueFrom(window$(db, conversationStream(conversationId), 50, null))).rows.map((m) => m.content);

describe('private messaging sync against the real server', () => {
  it('loads the conversations with their unread counts: the badge counts conversations', async () => {
    const vip = await member('vip');
    expect(await vip.messaging.refreshConversations()).toBeNull();
    const list = await firstValueFrom(conversations$(vip.db));
    expect(list.map((c) => c.users.map((u) => u.username).sort())).toEqual([
      ['analyste', 'vip'],
      ['support', 'vip'],
    ]);
    // Newest first.
    expect(list[0]!.lastUpdated).toBeGreaterThan(list[1]!.lastUpdated);
    expect(await firstValueFrom(unreadConversationCount$(vip.db))).toBe(2);
    await vip.close();
  });

  it('a first message to a member creates the conversation, found in the sender\'s list', async () => {
    const vip = await member('vip');
    const liveId = idOf(await server.tokenOf('live'));
    await vip.messaging.refreshConversations();
    await vip.chat.send({ room: '', parentMessage: null, conversationId: userChatId(liveId), content: 'Salut Léa, tu étais au live ?', attachments: [] });
    await vi.waitFor(() => expect(vip.inbox.some((e) => e.type === 'conversation.created')).toBe(true), { timeout: 5000 });
    const created = vip.inbox.find((e) => e.type === 'conversation.created');
    expect(created).toMatchObject({ type: 'conversation.created', userId: liveId });
    const conversationId = created!.conversationId;
    expect(await contents(vip.db, conversationId)).toEqual(['Salut Léa, tu étais au live ?']);
    expect(await vip.db.outbox.count().exec()).toBe(0);
    const mine = await firstValueFrom(conversations$(vip.db));
    expect(mine[0]).toMatchObject({ _id: conversationId, unreadMessages: 0, lastMessage: 'Salut Léa, tu étais au live ?' });
    expect(await vip.messaging.conversationWith(liveId)).toBe(conversationId);
    await vip.close();
  });

  it('the receiver is told of a new private message with its unread count; reading clears it on both sides', async () => {
    const vip = await member('vip');
    await vip.messaging.refreshConversations();
    const before = await firstValueFrom(unreadConversationCount$(vip.db));
    const others = chatClient(server);
    cleanups.push(others.closeAll);
    const coach = await others.open('coach');
    const first = await others.ask(coach, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'Bonjour Victor, un point sur ton plan ?', usersId: [vip.id] }, postMessageAck);
    if (!('message' in first)) throw new Error('error' in first ? first.error : 'retenu');
    const conversationId = first.message.conversationId!;

    await vi.waitFor(() => expect(vip.inbox).toContainEqual({ type: 'message.received', conversationId, unreadMessages: 1 }), { timeout: 5000 });
    expect(await contents(vip.db, conversationId)).toEqual(['Bonjour Victor, un point sur ton plan ?']);
    // Unknown to the store until the list is read again (the machine asks for it).
    expect(await vip.messaging.conversationWith(first.message.sender._id)).toBeNull();
    await vip.messaging.refreshConversations();
    expect(await firstValueFrom(unreadConversationCount$(vip.db))).toBe(before + 1);

    await vip.messaging.markRead(conversationId);
    expect(await firstValueFrom(unreadConversationCount$(vip.db))).toBe(before);
    await vip.messaging.refreshConversations();
    expect((await firstValueFrom(conversations$(vip.db))).find((c) => c._id === conversationId)?.unreadMessages).toBe(0);

    // A second message: the known conversation moves up with it, and the server's count is kept.
    await others.ask(coach, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'Et sur le CAC ?', conversationId }, postMessageAck);
    await vi.waitFor(() => expect(vip.inbox.filter((e) => e.type === 'message.received')).toHaveLength(2));
    await vi.waitFor(async () => expect((await firstValueFrom(conversations$(vip.db)))[0]).toMatchObject({ _id: conversationId, lastMessage: 'Et sur le CAC ?' }));
    await vip.messaging.incrementUnread(conversationId, 1);
    expect(await firstValueFrom(unreadConversationCount$(vip.db))).toBe(before + 1);
    others.closeAll();
    await vip.close();
  });

  it('an open conversation receives live; deleting its last message empties it', async () => {
    const live = await member('live');
    const others = chatClient(server);
    cleanups.push(others.closeAll);
    const coach = await others.open('coach');
    const coachId = idOf(await others.token('coach'));
    await live.messaging.refreshConversations();
    const conversationId = (await live.messaging.conversationWith(coachId))!;
    expect(conversationId).toEqual(expect.any(String));
    await live.chat.openConversation(conversationId);
    await vi.waitFor(() => expect(live.chat.status$.value).toBe('live'));
    expect(await contents(live.db, conversationId)).toEqual(['Merci pour le live d’hier, très clair sur la gestion du risque.', 'Avec plaisir Léa, à demain sur la session US !']);

    const posted = await others.ask(coach, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'Pense à ton stop', conversationId }, postMessageAck);
    if ('error' in posted) throw new Error(posted.error);
    await vi.waitFor(async () => expect(await contents(live.db, conversationId)).toContain('Pense à ton stop'));

    // Every message goes, each by its author.
    for (const message of (await firstValueFrom(window$(live.db, conversationStream(conversationId), 50, null))).rows) {
      if (String(message.sender.id) === live.id) expect(await live.chat.remove(message._id, '', conversationId)).toBeNull();
      else expect(await others.ask(coach, CLIENT_EVENTS.delete, { alertId: message._id }, okAck)).toEqual({ ok: true });
    }
    await vi.waitFor(() => expect(live.inbox).toContainEqual({ type: 'conversation.emptied', conversationId }));
    expect(await contents(live.db, conversationId)).toEqual([]);
    live.chat.closeConversation(conversationId);
    others.closeAll();
    await live.close();
  });

  it('after a reconnection the list is read again and the conversation on screen is read again', async () => {
    const vip = await member('vip');
    await vip.messaging.refreshConversations();
    const others = chatClient(server);
    cleanups.push(others.closeAll);
    const analyste = await others.open('analyste');
    const analysteId = idOf(await others.token('analyste'));
    const conversationId = (await vip.messaging.conversationWith(analysteId))!;
    await vip.chat.openConversation(conversationId);
    await vip.messaging.markRead(conversationId);
    await vi.waitFor(() => expect(vip.chat.status$.value).toBe('live'));

    // Written while vip's read never reaches the server: the server counts it unread.
    await others.ask(analyste, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'Tu as vu le graphique ?', conversationId }, postMessageAck);
    await vi.waitFor(async () => expect(await contents(vip.db, conversationId)).toContain('Tu as vu le graphique ?'));
    const statuses: string[] = [];
    const watch = vip.chat.status$.subscribe((status) => statuses.push(status));
    server.io.in(userChannel(Number(vip.id))).disconnectSockets();
    await vi.waitFor(() => expect(statuses.slice(statuses.indexOf('offline'))).toContain('live'), { timeout: 10_000 });
    watch.unsubscribe();
    await vi.waitFor(async () => {
      const answer = (await (await server.get('/rest/conversations', await server.tokenOf('vip'))).json()) as { conversations: { _id: string; unreadMessages: number }[] };
      expect(answer.conversations.find((c) => c._id === conversationId)?.unreadMessages).toBe(0);
    });
    expect((await firstValueFrom(conversations$(vip.db))).find((c) => c._id === conversationId)?.unreadMessages).toBe(0);
    others.closeAll();
    await vip.close();
  });

  it('profiles: a known member, and "Ce profil n\'existe pas" for an unknown one', async () => {
    const vip = await member('vip');
    expect(await vip.messaging.loadProfile('coach')).toBeNull();
    const entry = await readKv<ProfileEntry>(vip.db, profileKey('coach'));
    expect(entry).toMatchObject({ status: 'found', user: { username: 'coach', canMessage: true } });
    expect(await vip.messaging.loadProfile('personne-inconnue')).toBe("Ce profil n'existe pas");
    expect(await readKv<ProfileEntry>(vip.db, profileKey('personne-inconnue'))).toEqual({ status: 'missing' });
    const support = await vip.messaging.findSupport();
    expect(support.conversationId).toEqual(expect.any(String));
    await vip.close();
  });

  it('follow and block change the store at once; the server confirms, unblock restores messaging', async () => {
    const live = await member('live');
    await live.messaging.loadFollowings();
    const banniId = ((await server.get('/rest/users/banni', await server.tokenOf('live')).then((r) => r.json())) as { userData: { _id: string } }).userData._id;
    expect((await readKv<FollowingsRecord>(live.db, FOLLOWINGS_KEY))?.blocked).toEqual([banniId]);
    expect(await live.messaging.loadBlocked()).toBeNull();
    expect(await readKv(live.db, BLOCKED_USERS_KEY)).toEqual([expect.objectContaining({ username: 'banni' })]);

    await live.messaging.loadProfile('banni');
    expect(await readKv<ProfileEntry>(live.db, profileKey('banni'))).toMatchObject({ user: { canMessage: false } });
    const pending = live.messaging.unblock({ _id: banniId, username: 'banni', picture: null });
    // Optimistic: gone from the record before the call answers.
    await vi.waitFor(async () => expect((await readKv<FollowingsRecord>(live.db, FOLLOWINGS_KEY))?.blocked).toEqual([]));
    expect(await pending).toBeNull();
    expect(await readKv(live.db, BLOCKED_USERS_KEY)).toEqual([]);
    expect(await readKv<ProfileEntry>(live.db, profileKey('banni'))).toMatchObject({ user: { canMessage: true } });

    expect(await live.messaging.toggleFollow(banniId)).toBeNull();
    expect((await readKv<FollowingsRecord>(live.db, FOLLOWINGS_KEY))?.followings).toContain(banniId);
    expect(await live.messaging.toggleFollow(banniId)).toBeNull();
    expect((await readKv<FollowingsRecord>(live.db, FOLLOWINGS_KEY))?.followings).not.toContain(banniId);
    expect(await live.messaging.block({ _id: banniId, username: 'banni', picture: null })).toBeNull();
    await live.close();
  });

  it('keeps an unblock made while the blocked list was on its way (the older list never brings the member back)', async () => {
    const { fetch: slowList, release } = answerHeld('/users/blocked');
    const live = await member('live', { fetch: slowList });
    const banni = { _id: ((await server.get('/rest/users/banni', await server.tokenOf('live')).then((r) => r.json())) as { userData: { _id: string } }).userData._id, username: 'banni', picture: null };
    const listed = live.messaging.loadBlocked();
    // Asked for before the unblock, answered after it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await live.messaging.unblock(banni)).toBeNull();
    release();
    expect(await listed).toBeNull();
    expect(await readKv(live.db, BLOCKED_USERS_KEY)).toEqual([]);
    expect(await live.messaging.loadBlocked()).toBeNull();
    expect(await readKv(live.db, BLOCKED_USERS_KEY)).toEqual([]);
    expect(await live.messaging.block(banni)).toBeNull();
    await live.close();
  });

  it('keeps a follow made while the followings were on their way', async () => {
    const { fetch: slowState, release } = answerHeld('/chat/state');
    const live = await member('live', { fetch: slowState });
    const coachId = ((await server.get('/rest/users/coach', await server.tokenOf('live')).then((r) => r.json())) as { userData: { _id: string } }).userData._id;
    const loaded = live.messaging.loadFollowings();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = (await readKv<FollowingsRecord>(live.db, FOLLOWINGS_KEY))?.followings.includes(coachId) ?? false;
    expect(await live.messaging.toggleFollow(coachId)).toBeNull();
    release();
    await loaded;
    expect((await readKv<FollowingsRecord>(live.db, FOLLOWINGS_KEY))?.followings.includes(coachId)).toBe(!before);
    expect(await live.messaging.toggleFollow(coachId)).toBeNull();
    await live.close();
  });

  it('a failed block or follow rolls back with "Une erreur est survenue"', async () => {
    // Every call of this member fails once the record is loaded.
    let failing = false;
    const flaky: typeof fetch = (input, init) => (failing ? Promise.resolve(new Response('oups', { status: 502 })) : fetch(input, init));
    const vip = await member('vip', { fetch: flaky });
    await vip.messaging.loadFollowings();
    const before = await readKv<FollowingsRecord>(vip.db, FOLLOWINGS_KEY);
    failing = true;
    expect(await vip.messaging.block({ _id: '4', username: 'coach', picture: null })).toBe('Une erreur est survenue');
    expect(await readKv<FollowingsRecord>(vip.db, FOLLOWINGS_KEY)).toEqual(before);
    expect(await readKv(vip.db, BLOCKED_USERS_KEY)).toEqual([]);
    expect(await vip.messaging.toggleFollow('4')).toBe('Une erreur est survenue');
    expect(await readKv<FollowingsRecord>(vip.db, FOLLOWINGS_KEY)).toEqual(before);
    await vip.close();
  });
});
