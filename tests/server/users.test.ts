import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  blockedUsersResponse,
  chatStateResponse,
  conversationSearchResponse,
  conversationsResponse,
  followToggleResponse,
  profileResponse,
} from '../../src/contract/messaging';
import { conversationMembers, conversations, users } from '../../server/db/schema';
import { CONVERSATIONS_PAGE_SIZE } from '../../server/routes/conversation-routes';
import { userIdOf } from './chat-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
const tokens = new Map<string, string>();
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(() => server.close());

const token = async (account: string): Promise<string> => {
  const known = tokens.get(account);
  if (known) return known;
  const fresh = await server.tokenOf(account);
  tokens.set(account, fresh);
  return fresh;
};
const getAs = async (account: string, path: string) => server.get(path, await token(account));
const postAs = async (account: string, path: string, body: unknown) => server.post(path, body, await token(account));
const answer = async <T>(response: Response, schema: z.core.$ZodType<T>, status = 200): Promise<T> => {
  expect(response.status).toBe(status);
  return z.parse(schema, await response.json());
};
const errorBody = z.object({ error: z.string() });
const idOf = (username: string): Promise<number> => userIdOf(server, username);

describe('every call needs a signed-in member', () => {
  it('answers 401 without a token', async () => {
    for (const response of [
      await server.get('/rest/users/coach'),
      await server.get('/rest/users/blocked'),
      await server.get('/rest/chat/state'),
      await server.post('/rest/chat/followings/toggle', { userId: '1' }),
    ]) {
      expect(response.status).toBe(401);
    }
  });
});

describe('GET /users/{username}', () => {
  it('answers the profile of spec 2 §3 User, any case', async () => {
    const { userData } = await answer(await getAs('vip', '/rest/users/COACH'), profileResponse);
    const coachId = await idOf('coach');
    expect(userData).toMatchObject({
      id: coachId,
      _id: String(coachId),
      username: 'coach',
      firstName: 'Camille',
      lastName: 'Durand',
      description: 'Coach Comptoir, analyse technique et gestion du risque.',
      mention: 'Coach',
      canMessage: true,
    });
    expect(userData.abonnements.map((a) => a.abonnement.id).sort()).toEqual([3, 4, 6]);
    // Nothing private goes with it.
    expect(Object.keys(userData).sort()).toEqual(
      ['_id', 'abonnements', 'canMessage', 'description', 'firstName', 'id', 'lastName', 'mention', 'picture', 'username'].sort(),
    );
    expect((await answer(await getAs('vip', '/rest/users/vip'), profileResponse)).userData.canMessage).toBe(false);
  });

  it("answers 404 'Ce profil n'existe pas' for an unknown pseudo, an e-mail or a closed account", async () => {
    await server.database.db
      .insert(users)
      .values({ username: 'ancien', email: 'ancien@comptoir.test', passwordHash: '!', deletedAt: new Date() });
    for (const name of ['personne', 'vip%40comptoir.test', 'ancien', 'x'.repeat(100)]) {
      expect(await answer(await getAs('vip', `/rest/users/${name}`), errorBody, 404)).toEqual({ error: "Ce profil n'existe pas" });
    }
  });

  it('says a member on either side of a block cannot be written to', async () => {
    expect((await answer(await getAs('live', '/rest/users/banni'), profileResponse)).userData.canMessage).toBe(false);
    expect((await answer(await getAs('banni', '/rest/users/live'), profileResponse)).userData.canMessage).toBe(false);
    expect((await answer(await getAs('vip', '/rest/users/banni'), profileResponse)).userData.canMessage).toBe(true);
  });
});

describe('GET /users/blocked and blocking', () => {
  it('lists the members one blocked (spec 3 §2), as blocking and unblocking change it', async () => {
    const banni = await idOf('banni');
    expect(await answer(await getAs('live', '/rest/users/blocked'), blockedUsersResponse)).toEqual({
      blocked: [{ _id: String(banni), username: 'banni', picture: null }],
    });
    expect(await answer(await getAs('vip', '/rest/users/blocked'), blockedUsersResponse)).toEqual({ blocked: [] });

    expect(await answer(await postAs('vip', '/rest/users/block/analyste', {}), z.object({ success: z.literal(true) }))).toEqual({ success: true });
    const listed = await answer(await getAs('vip', '/rest/users/blocked'), blockedUsersResponse);
    expect(listed.blocked.map((u) => u.username)).toEqual(['analyste']);
    expect(await answer(await getAs('vip', '/rest/chat/state'), chatStateResponse)).toMatchObject({ blocked: [String(await idOf('analyste'))] });
    expect(await answer(await postAs('vip', '/rest/users/unblock/analyste', {}), z.object({ success: z.literal(true) }))).toEqual({ success: true });
    expect(await answer(await getAs('vip', '/rest/users/blocked'), blockedUsersResponse)).toEqual({ blocked: [] });
  });
});

describe('POST /chat/followings/toggle', () => {
  it('follows, then unfollows, and GET /chat/state answers the followings record', async () => {
    const coach = await idOf('coach');
    const analyst = await idOf('analyste');
    const before = await answer(await getAs('live', '/rest/chat/state'), chatStateResponse);
    expect(before).toEqual({ followings: [], blocked: [String(await idOf('banni'))] });

    const followed = await answer(await postAs('live', '/rest/chat/followings/toggle', { userId: String(coach) }), followToggleResponse);
    expect(followed).toMatchObject({ following: true, followings: [String(coach)] });
    const both = await answer(await postAs('live', '/rest/chat/followings/toggle', { userId: analyst }), followToggleResponse);
    expect(both).toMatchObject({ following: true, followings: [String(coach), String(analyst)] });
    const unfollowed = await answer(await postAs('live', '/rest/chat/followings/toggle', { userId: coach }), followToggleResponse);
    expect(unfollowed).toEqual({ following: false, followings: [String(analyst)], blocked: before.blocked });
    expect(await answer(await getAs('live', '/rest/chat/state'), chatStateResponse)).toEqual({ followings: [String(analyst)], blocked: before.blocked });
  });

  it('refuses a bad payload, oneself and an unknown member', async () => {
    const self = await idOf('live');
    for (const body of [{}, { userId: 'abc' }, { userId: -1 }, { userId: 1.5 }, { userId: '99999999999' }, { userId: self }, null]) {
      expect(await answer(await postAs('live', '/rest/chat/followings/toggle', body), errorBody, 400)).toEqual({ error: 'Requête invalide' });
    }
    expect(await answer(await postAs('live', '/rest/chat/followings/toggle', { userId: 2_000_000_000 }), errorBody, 404)).toEqual({
      error: "Ce profil n'existe pas",
    });
  });
});

describe('GET /conversations/search', () => {
  it('finds members by pseudo, starting matches first, never oneself nor across a block', async () => {
    const found = await answer(await getAs('vip', '/rest/conversations/search?query=A'), conversationSearchResponse);
    const names = found.users.map((u) => u.username);
    expect(names.slice(0, 1)).toEqual(['analyste']);
    expect(names).toEqual(expect.arrayContaining(['coach', 'banni']));
    expect(names).not.toContain('vip');
    expect((await answer(await getAs('vip', '/rest/conversations/search?query=%20co%20'), conversationSearchResponse)).users.map((u) => u.username)).toEqual([
      'coach',
    ]);
    expect(await answer(await getAs('vip', '/rest/conversations/search?query='), conversationSearchResponse)).toEqual({ users: [] });
    expect(await answer(await getAs('vip', '/rest/conversations/search?query=%25'), conversationSearchResponse)).toEqual({ users: [] });
    // live blocked banni: neither finds the other.
    expect((await answer(await getAs('live', '/rest/conversations/search?query=ban'), conversationSearchResponse)).users).toEqual([]);
    expect((await answer(await getAs('banni', '/rest/conversations/search?query=live'), conversationSearchResponse)).users).toEqual([]);
    expect(await answer(await getAs('vip', `/rest/conversations/search?query=${'a'.repeat(51)}`), errorBody, 400)).toEqual({ error: 'Requête invalide' });
    expect((await getAs('vip', '/rest/conversations/search')).status).toBe(400);
  });
});

describe('GET /conversations', () => {
  it('pages the member’s conversations, last changed first, by cursor', async () => {
    const db = server.database.db;
    const support = await idOf('support');
    const membre = await idOf('membre');
    const base = Date.now() - 10 * 24 * 3600 * 1000;
    const made = Array.from({ length: CONVERSATIONS_PAGE_SIZE + 2 }, (_, i) => ({
      id: randomUUID(),
      pairKey: `page-${i}`,
      createdAt: new Date(base + i * 60_000),
      updatedAt: new Date(base + i * 60_000),
    }));
    await db.insert(conversations).values(made);
    await db.insert(conversationMembers).values(made.flatMap((c) => [support, membre].map((userId) => ({ conversationId: c.id, userId }))));

    const first = await answer(await getAs('support', '/rest/conversations'), conversationsResponse);
    expect(first.conversations).toHaveLength(CONVERSATIONS_PAGE_SIZE);
    expect(first.cursor).not.toBeNull();
    // The demo conversation with vip is the latest change.
    expect(first.conversations[0]?.users.map((u) => u.username)).toContain('vip');
    const second = await answer(await getAs('support', `/rest/conversations?cursor=${first.cursor ?? ''}`), conversationsResponse);
    expect(second.cursor).toBeNull();
    const all = [...first.conversations, ...second.conversations];
    expect(new Set(all.map((c) => c._id)).size).toBe(CONVERSATIONS_PAGE_SIZE + 3);
    const dates = all.map((c) => Date.parse(c.lastUpdated));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // An empty conversation shows its creation as its last message date.
    const empty = all.find((c) => c._id === made[0]?.id);
    expect(empty).toMatchObject({ lastMessage: '', unreadMessages: 0, lastMessageDate: made[0]?.createdAt.toISOString() });
    expect(second.unreadConversations).toBe(first.unreadConversations);
  });
});
