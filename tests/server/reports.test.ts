import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messageDeletedEvent, SERVER_EVENTS } from '../../src/contract/chat';
import { REPORT_EVENTS, reportEntry, reportResolvedEvent, reportsResponse } from '../../src/contract/reports';
import { REPORT_TEXT } from '../../src/domain/report-text-fr';
import { messageReports, messages } from '../../server/db/schema';
import { nextEvent, useChatServer, userIdOf } from './chat-helpers';

/** Issue 22: 'Signaler' records a report; moderators see the queue and class it or delete the message. */
const { server, chat } = useChatServer();

const postAs = async (account: string, path: string, body: unknown) => server().post(path, body, await chat.token(account));
const queueOf = async (account: string) => {
  const response = await server().get('/rest/chat/reports', await chat.token(account));
  return { status: response.status, body: (await response.json()) as unknown };
};
const queue = async () => reportsResponse.parse((await queueOf('coach')).body).reports;

describe('reports (issue 22)', () => {
  it('records a member’s report once, tells the moderators, and lists it for them only', async () => {
    const live = await chat.open('live');
    const message = await chat.post(live, { room: 'forex', content: 'Achetez mon signal, 100 % garanti' });
    const moderator = await chat.open('coach');
    const heard = nextEvent(moderator, REPORT_EVENTS.entry, reportEntry, (e) => e._id === message._id);

    const first = await postAs('vip', '/rest/chat/reports', { messageId: message._id, reason: 'scam', details: '  Il promet des gains  ' });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, already: false });
    expect(await heard).toMatchObject({ _id: message._id, reasons: [{ reason: 'scam', count: 1 }], details: ['Il promet des gains'] });
    const again = await postAs('vip', '/rest/chat/reports', { messageId: message._id, reason: 'spam' });
    expect(await again.json()).toEqual({ ok: true, already: true });
    await postAs('banni', '/rest/chat/reports', { messageId: message._id, reason: 'spam' });

    const entry = (await queue()).find((e) => e._id === message._id);
    expect(entry).toMatchObject({ message: { _id: message._id, content: 'Achetez mon signal, 100 % garanti' }, reasons: [{ reason: 'spam', count: 1 }, { reason: 'scam', count: 1 }] });
    expect(entry?.reporters.map((r) => r.username).sort()).toEqual(['banni', 'vip']);
    for (const account of ['vip', 'live', 'membre']) expect((await queueOf(account)).status).toBe(403);
  });

  it('refuses one’s own message, an unknown one, one the member cannot read, and a bad reason', async () => {
    const vip = await chat.open('vip');
    const mine = await chat.post(vip, { room: 'crypto', content: 'Mon analyse' });
    const own = await postAs('vip', '/rest/chat/reports', { messageId: mine._id, reason: 'spam' });
    expect([own.status, await own.json()]).toEqual([400, { error: REPORT_TEXT.ownMessage }]);
    const unknown = await postAs('vip', '/rest/chat/reports', { messageId: 'inconnu', reason: 'spam' });
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: REPORT_TEXT.notFound }]);
    // 'membre' reads no VIP room.
    const closed = await postAs('membre', '/rest/chat/reports', { messageId: mine._id, reason: 'spam' });
    expect([closed.status, await closed.json()]).toEqual([403, { error: 'NOT_ALLOWED' }]);
    for (const body of [{ messageId: mine._id, reason: 'bof' }, { messageId: mine._id }, { reason: 'spam' }, { messageId: mine._id, reason: 'other', details: 'x'.repeat(501) }]) {
      const bad = await postAs('live', '/rest/chat/reports', body);
      expect([bad.status, await bad.json()]).toEqual([400, { error: 'Requête invalide' }]);
    }
    expect((await server().post('/rest/chat/reports', { messageId: mine._id, reason: 'spam' })).status).toBe(401);
  });

  it('lets a moderator class a report or delete the message, on record, once', async () => {
    const live = await chat.open('live');
    const dismissed = await chat.post(live, { room: 'indices', content: 'Un avis tranché' });
    const removed = await chat.post(live, { room: 'indices', content: 'Un lien douteux' });
    for (const message of [dismissed, removed]) await postAs('vip', '/rest/chat/reports', { messageId: message._id, reason: 'inappropriate' });
    const moderator = await chat.open('analyste');
    const resolved = nextEvent(moderator, REPORT_EVENTS.resolved, reportResolvedEvent, (e) => e.messageId === dismissed._id);

    expect((await postAs('vip', `/rest/chat/reports/${dismissed._id}/resolve`, { action: 'dismiss' })).status).toBe(403);
    expect((await postAs('coach', `/rest/chat/reports/${dismissed._id}/resolve`, { action: 'supprimer' })).status).toBe(400);
    expect((await postAs('coach', `/rest/chat/reports/${dismissed._id}/resolve`, { action: 'dismiss' })).status).toBe(200);
    await resolved;
    const twice = await postAs('analyste', `/rest/chat/reports/${dismissed._id}/resolve`, { action: 'dismiss' });
    expect([twice.status, await twice.json()]).toEqual([404, { error: REPORT_TEXT.resolvedElsewhere }]);

    const watcher = await chat.open('vip');
    await chat.join(watcher, 'indices');
    const gone = nextEvent(watcher, SERVER_EVENTS.deleted, messageDeletedEvent, (e) => e._id === removed._id);
    expect((await postAs('coach', `/rest/chat/reports/${removed._id}/resolve`, { action: 'delete' })).status).toBe(200);
    await gone;
    const ids = (await queue()).map((e) => e._id);
    expect(ids).not.toContain(dismissed._id);
    expect(ids).not.toContain(removed._id);
    const [record] = await server().database.db.select().from(messageReports).where(and(eq(messageReports.messageId, removed._id)));
    expect(record).toMatchObject({ resolution: 'deleted', resolvedBy: await userIdOf(server(), 'coach') });
    const [row] = await server().database.db.select().from(messages).where(eq(messages.id, removed._id));
    expect(row?.deletedAt).not.toBeNull();

    // Classed, a message may be reported again: the entry comes back.
    await postAs('vip', '/rest/chat/reports', { messageId: dismissed._id, reason: 'harassment' });
    expect((await queue()).find((e) => e._id === dismissed._id)?.reasons).toEqual([{ reason: 'harassment', count: 1 }]);
  });
});
