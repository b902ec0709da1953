import { IDBIndex, IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { firstValueFrom } from 'rxjs';
import type { DexieSettings, DexieStorageInternals, PreparedQuery, RxStorage, RxStorageInstance, RxStorageInstanceCreationParams } from 'rxdb';
import { dexieQuery, getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../src/contract/chat';
import { alertBadges$, outboxQuery, pinsQuery, roomsQuery, threadsQuery, windowCount, windowQuery } from '../../../src/store/chat-queries';
import { openDatabase, type ComptoirDatabase } from '../../../src/store/database';
import { withFastIndexReads } from '../../../src/store/fast-index-reads';
import { foldChatEvents } from '../../../src/sync/fold-chat-event';
import { revOf } from '../../../src/sync/message-state';
import { roomMessage as message } from './chat-fixtures';

/**
 * The Dexie storage's one-request reads (src/store/fast-index-reads.ts) answer exactly what RxDB's
 * own cursor read (`dexieQuery`) answers on the same storage instances, for every hot query.
 * Small data: fake-indexeddb scans its store on every cursor step (FACTS.md).
 */

/** The Dexie storage, noting each collection's storage instance so the cursor read can be asked too. */
const instances = new Map<string, RxStorageInstance<unknown, DexieStorageInternals, DexieSettings>>();
function recordingDexie(): RxStorage<DexieStorageInternals, DexieSettings> {
  const base = getRxStorageDexie({ indexedDB, IDBKeyRange });
  return {
    ...base,
    name: base.name,
    rxdbVersion: base.rxdbVersion,
    async createStorageInstance<T>(params: RxStorageInstanceCreationParams<T, DexieSettings>) {
      const instance = await base.createStorageInstance<T>(params);
      instances.set(params.collectionName, instance as RxStorageInstance<unknown, DexieStorageInternals, DexieSettings>);
      return instance;
    },
  };
}
let fast: ComptoirDatabase;


async function fill(db: ComptoirDatabase): Promise<void> {
  const events = [
    ...Array.from({ length: 120 }, (_, i) => message(i, 'forex')),
    ...Array.from({ length: 30 }, (_, i) => message(i, 'crypto')),
    ...Array.from({ length: 10 }, (_, i) => message(200 + i, 'forex', { parentMessage: 'forex-7' })),
  ].map((m) => ({ type: 'MessageReceived' as const, message: m, forViewer: true }));
  await foldChatEvents(db, events);
  // Deleted documents stay in the store: neither read may return them.
  await db.messages.findOne('forex-119').remove();
  await db.rooms.bulkInsert(['forex', 'crypto', 'indices'].map((id, position) => ({ id, name: id, position }) as never));
  await db.kv.bulkUpsert([
    { key: 'alert-badge:forex', value: 3 },
    { key: 'alert-badge:crypto', value: 1 },
    { key: 'draft:forex', value: 'bonjour' },
  ] as never[]);
}

beforeAll(async () => {
  fast = await openDatabase({ name: 'fastreads', storage: withFastIndexReads(recordingDexie()) });
  await fill(fast);
});
afterAll(() => fast.remove());

const ids = (docs: { primary: string }[]) => docs.map((d) => d.primary);

type AnyQuery = { collection: { name: string; schema: { primaryPath: string } }; getPreparedQuery(): PreparedQuery<unknown>; exec(): Promise<unknown> };
/** What RxDB's own cursor read answers for the same query, as primary keys. */
async function cursorIds(query: AnyQuery): Promise<string[]> {
  const instance = instances.get(query.collection.name);
  if (!instance) throw new Error(`no storage instance for ${query.collection.name}`);
  const { documents } = await dexieQuery(instance as Parameters<typeof dexieQuery>[0], query.getPreparedQuery());
  const key = query.collection.schema.primaryPath;
  return documents.map((doc) => String((doc as Record<string, unknown>)[key]));
}

describe('one-request index reads', () => {
  const queries: Record<string, (db: ComptoirDatabase) => AnyQuery & { exec(): Promise<{ primary: string }[]> }> = {
    'newest window': (db) => windowQuery(db, 'room:forex', 50, null),
    'window within the history': (db) => windowQuery(db, 'room:forex', 50, revOf(message(80, 'forex').date)),
    'slid window': (db) => windowQuery(db, 'room:forex', 30, revOf(message(40, 'forex').date), revOf(message(80, 'forex').date)),
    'window past the end': (db) => windowQuery(db, 'room:forex', 50, revOf(message(3, 'forex').date)),
    'empty range': (db) => windowQuery(db, 'room:forex', 50, revOf(message(3, 'forex').date), revOf(message(90, 'forex').date)),
    'another stream': (db) => windowQuery(db, 'room:crypto', 500, null),
    'thread replies': (db) => windowQuery(db, 'thread:forex-7', 50, null),
    threads: (db) => threadsQuery(db, 'room:forex', 5),
    pins: (db) => pinsQuery(db, 'room:forex'),
    outbox: (db) => outboxQuery(db, 'room:forex'),
    rooms: (db) => roomsQuery(db),
  };

  it.each(Object.keys(queries))('%s: the same documents in the same order', async (name) => {
    const build = queries[name]!;
    const expected = await cursorIds(build(fast));
    expect(expected.length).toBeGreaterThan(name === 'empty range' || name === 'outbox' ? -1 : 0);
    const read = vi.spyOn(IDBIndex.prototype, 'getAll');
    const actual = ids((await build(fast).exec()) as { primary: string }[]);
    expect(actual).toEqual(expected);
    // The fast storage answered with one getAll, not a cursor.
    expect(read).toHaveBeenCalledTimes(1);
    read.mockRestore();
  });

  it('leaves deleted documents out and counts like the storage', async () => {
    const newest = ids(await windowQuery(fast, 'room:forex', 1, null).exec());
    expect(newest).toEqual(['forex-118']);
    expect(await windowCount(fast, 'room:forex', null)).toBe(119);
  });

  it('keeps queries the index cannot answer alone on the cursor, with the same answer', async () => {
    const read = vi.spyOn(IDBIndex.prototype, 'getAll');
    // clientId is indexed alone: a stream and a rev range together are not.
    const unindexed = fast.messages.find({ selector: { clientId: '', rev: { $lte: revOf(message(115, 'forex').date) } }, sort: [{ rev: 'asc' }], limit: 3 });
    expect(unindexed.getPreparedQuery().queryPlan.selectorSatisfiedByIndex).toBe(false);
    const expected = await cursorIds(unindexed);
    expect(expected).toHaveLength(3);
    expect(ids(await unindexed.exec())).toEqual(expected);
    expect(read).not.toHaveBeenCalled();
    // A range over a key prefix is read by the index alone.
    expect(await firstValueFrom(alertBadges$(fast))).toEqual({ forex: 3, crypto: 1 });
    read.mockRestore();
  });
});
