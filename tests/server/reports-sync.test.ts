import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportEntry } from '../../src/contract/reports';
import type { ComptoirDatabase } from '../../src/store/database';
import type { ChatSync } from '../../src/sync/chat-sync';
import { readKv } from '../../src/sync/fold-chat-event';
import { REPORTS_KEY } from '../../src/sync/message-state';
import { openMemoryDatabase } from '../unit/store/memory-database';
import { userChannel } from '../../server/realtime/channels';
import { answerHeld, chatClient, connectChatSync } from './chat-helpers';
import { startTestServer, type TestServer } from './test-server';

/**
 * A moderator's queue in the client's store against the real server (issue 22): reports made while
 * the moderator's connection is down reach the queue once it is back (their live event was sent to
 * nobody). One store per process (FACTS.md: RxDB's collection limit).
 */
let server: TestServer;
let db: ComptoirDatabase;
let sync: ChatSync;
let coachToken: string;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  server = await startTestServer();
  db = await openMemoryDatabase();
  coachToken = await server.tokenOf('coach');
  vipToken = await server.tokenOf('vip');
  const connected = connectChatSync(server, db, coachToken);
  sync = connected.sync;
  cleanups.push(connected.close);
  await sync.refreshRooms();
}, 30_000);
afterAll(async () => {
  for (const cleanup of cleanups) cleanup();
  await db.remove();
  await server.close();
});

const coachId = () => (JSON.parse(Buffer.from(coachToken.split('.')[1]!, 'base64url').toString()) as { id: number }).id;
const queued = async () => ((await readKv<ReportEntry[]>(db, REPORTS_KEY)) ?? []).map((entry) => entry._id);
const postAsLive = async (content: string) => {
  const client = chatClient(server);
  cleanups.push(client.closeAll);
  return client.post(await client.open('live'), { room: 'forex', content });
};
let vipToken: string;
const report = async (messageId: string) => (await server.post('/rest/chat/reports', { messageId, reason: 'spam' }, vipToken)).status;

describe("a moderator's queue in the store", () => {
  it('follows reports as they are made, and those made while its connection was down once it is back', async () => {
    await sync.reports.refresh();
    const heard = await postAsLive('Signal garanti, écrivez-moi');
    expect(await report(heard._id)).toBe(200);
    await vi.waitFor(async () => expect(await queued()).toContain(heard._id), { timeout: 5000 });

    const missed = await postAsLive('Rejoignez mon groupe privé');
    // Reported while the server has cut the moderator's connection (it comes back by itself).
    const reported = new Promise<boolean>((resolve) => {
      const watch = sync.status$.subscribe((status) => {
        if (status !== 'offline') return;
        queueMicrotask(() => watch.unsubscribe());
        void report(missed._id).then(async (status) => {
          expect(status).toBe(200);
          // Still without its connection: the report's live event went to nobody here.
          resolve((await new Promise<string>((r) => sync.status$.subscribe(r).unsubscribe())) === 'offline');
        });
      });
    });
    server.io.in(userChannel(coachId())).disconnectSockets();
    expect(await reported).toBe(true);
    await vi.waitFor(async () => expect(await queued()).toEqual(expect.arrayContaining([heard._id, missed._id])), { timeout: 10_000 });
  });

  it('keeps a report classed while the queue was on its way: the older answer never brings it back', async () => {
    const slow = answerHeld('/chat/reports');
    // A second page of the moderator on the same store, whose queue answers come late.
    const page = connectChatSync(server, db, coachToken, { fetch: slow.fetch });
    cleanups.push(page.close);
    const scam = await postAsLive('Argent facile en privé');
    expect(await report(scam._id)).toBe(200);
    await vi.waitFor(async () => expect(await queued()).toContain(scam._id), { timeout: 5000 });

    const opened = page.sync.reports.refresh();
    // Answered with the entry, held; meanwhile the moderator classes it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const classing = page.sync.reports.resolve(scam._id, 'dismiss');
    await vi.waitFor(async () => expect(await queued()).not.toContain(scam._id), { timeout: 5000 });
    slow.release();
    expect(await classing).toBeNull();
    await opened;
    expect(await queued()).not.toContain(scam._id);
  });
});
