import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { executeRows, openDatabase, type OpenDatabase } from '../../server/db/open-database';
import { rooms } from '../../server/db/schema';

/**
 * The embedded database kept on disk runs on its own thread (issue 25): every statement, a
 * transaction's commit and rollback, the database's errors and what is kept across a restart must
 * be what PGlite gives on the calling thread.
 */
const room = { position: 99, readSubscription: 1 };

describe('the embedded database on its own thread', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-thread-'));
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openDatabase({ dataDir });
  }, 60_000);
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers drizzle queries, with timestamps as text and rows in order', async () => {
    const { db } = database;
    await db.insert(rooms).values([
      { ...room, id: 'fil-a', name: 'Fil A' },
      { ...room, id: 'fil-b', name: 'Fil B', keywordFilters: [{ keyword: 'spam', action: 'hold' }] },
    ]);
    const rows = await db.select({ id: rooms.id, filters: rooms.keywordFilters }).from(rooms).where(sql`${rooms.id} like 'fil-%'`).orderBy(rooms.id);
    expect(rows).toEqual([
      { id: 'fil-a', filters: [] },
      { id: 'fil-b', filters: [{ keyword: 'spam', action: 'hold' }] },
    ]);
    expect(await executeRows<{ n: number; at: unknown }>(db, sql`select count(*)::int as n, timestamptz '2026-11-27 10:00:00+00' as at from rooms where id like 'fil-%'`)).toEqual([
      { n: 2, at: '2026-11-27 10:00:00+00' },
    ]);
  });

  it('commits a transaction, and rolls back one that throws, leaving nothing of it', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.insert(rooms).values({ ...room, id: 'fil-c', name: 'Fil C' });
      await tx.update(rooms).set({ name: 'Fil C bis' }).where(eq(rooms.id, 'fil-c'));
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(rooms).values({ ...room, id: 'fil-d', name: 'Fil D' });
        throw new Error('annulée');
      }),
    ).rejects.toThrow('annulée');
    const names = await db.select({ id: rooms.id, name: rooms.name }).from(rooms).where(sql`${rooms.id} in ('fil-c', 'fil-d')`);
    expect(names).toEqual([{ id: 'fil-c', name: 'Fil C bis' }]);
  });

  it('makes a statement outside a transaction wait for it to end', async () => {
    const { db } = database;
    let inside: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.update(rooms).set({ name: 'Pendant' }).where(eq(rooms.id, 'fil-a'));
      await held;
      await tx.update(rooms).set({ name: 'Après' }).where(eq(rooms.id, 'fil-a'));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = db.select({ name: rooms.name }).from(rooms).where(eq(rooms.id, 'fil-a'));
    inside!();
    await transaction;
    expect(await outside).toEqual([{ name: 'Après' }]);
  });

  it("hands back the database's errors with their code and constraint", async () => {
    const error = await database.db
      .insert(rooms)
      .values({ ...room, id: 'fil-a', name: 'Doublon' })
      .then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    // drizzle wraps the driver's error: the database's fields are on its cause.
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string });
    expect(cause.code).toBe('23505');
    // The thread goes on answering after an error.
    expect((await database.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, 'fil-a'))).length).toBe(1);
  });

  it('keeps what was written across a restart', async () => {
    await database.close();
    database = await openDatabase({ dataDir });
    const kept = await database.db.select({ id: rooms.id, name: rooms.name }).from(rooms).where(sql`${rooms.id} like 'fil-%'`).orderBy(rooms.id);
    expect(kept.map((row) => row.id)).toEqual(['fil-a', 'fil-b', 'fil-c']);
  }, 60_000);
});
