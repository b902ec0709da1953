import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../src/contract/messaging';
import type { ComptoirDatabase } from '../../../src/store/database';
import { conversations$, conversationsQuery, conversationWith } from '../../../src/store/messaging-queries';
import { unreadConversationCount$, unreadConversationsQuery } from '../../../src/store/queries';
import { foldConversationPage, foldPrivateMessage, setUnread } from '../../../src/sync/fold-conversations';
import { openMemoryDatabase } from '../store/memory-database';

let db: ComptoirDatabase;
beforeAll(async () => {
  db = await openMemoryDatabase();
});
afterAll(() => db.remove());

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 9, minutes)).toISOString();
const conversation = (id: string, minutes: number, unread = 0): Conversation => ({
  _id: id,
  users: [
    { _id: '2', username: 'vip', picture: null },
    { _id: String(10 + minutes), username: `membre${minutes}`, picture: null },
  ],
  unreadMessages: unread,
  lastMessage: `dernier de ${id}`,
  lastMessageDate: at(minutes),
  lastUpdated: at(minutes),
});
const ids = async () => (await firstValueFrom(conversations$(db))).map((c) => c._id);

describe('conversations in the store', () => {
  it('reads the list and the badge from indexes', () => {
    expect(conversationsQuery(db).getPreparedQuery().queryPlan.sortSatisfiedByIndex).toBe(true);
    expect(unreadConversationsQuery(db).getPreparedQuery().queryPlan.index).toContain('unreadMessages');
  });

  it('lists newest first; the badge counts conversations with unread messages, not messages', async () => {
    await foldConversationPage(db, [conversation('c3', 30, 4), conversation('c2', 20, 1), conversation('c1', 10)], true, true);
    expect(await ids()).toEqual(['c3', 'c2', 'c1']);
    expect(await firstValueFrom(unreadConversationCount$(db))).toBe(2);
    expect(await conversationWith(db, '30')).toBe('c2');
  });

  it('a page is the truth for the span it covers: a vanished conversation goes, older ones stay', async () => {
    await foldConversationPage(db, [conversation('c3', 30, 4), conversation('c1', 10)], true, false);
    expect(await ids()).toEqual(['c3', 'c1']);
    await foldConversationPage(db, [conversation('c4', 40)], true, false);
    // c3 and c1 are older than the first page's span: another page may still hold them.
    expect(await ids()).toEqual(['c4', 'c3', 'c1']);
    await foldConversationPage(db, [], true, true);
    expect(await ids()).toEqual([]);
  });

  it('a private message moves its conversation up; a late echo of an older one changes nothing', async () => {
    await foldConversationPage(db, [conversation('c2', 20), conversation('c1', 10)], true, true);
    expect(await foldPrivateMessage(db, 'c1', { content: 'Nouveau', date: at(25) })).toBe(true);
    expect(await ids()).toEqual(['c1', 'c2']);
    await foldPrivateMessage(db, 'c1', { content: 'Ancien', date: at(5) });
    expect((await firstValueFrom(conversations$(db)))[0]).toMatchObject({ _id: 'c1', lastMessage: 'Nouveau' });
    expect(await foldPrivateMessage(db, 'inconnue', { content: 'x', date: at(50) })).toBe(false);
  });

  it('sets and clears unread counts', async () => {
    await setUnread(db, 'c2', 3);
    expect(await firstValueFrom(unreadConversationCount$(db))).toBe(1);
    await setUnread(db, 'c2', 0);
    expect(await firstValueFrom(unreadConversationCount$(db))).toBe(0);
  });
});
