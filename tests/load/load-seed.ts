import { createSigner } from 'fast-jwt';
import pg from 'pg';
import { openDatabase } from '../../server/db/open-database';
import { seedDemoData } from '../../server/db/seed';
import { users, userSubscriptions } from '../../server/db/schema';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { TOKEN_LIFETIME } from '../../server/auth/tokens';

/**
 * The load's database: the demo data (its rooms, Forex among them) plus `members` distinct
 * accounts holding the VIP subscription that opens Forex — every socket of the load is its own
 * member, as in a real room. Their tokens are signed with the server's secret, as a sign-in
 * would give them (2,000 password checks would only measure argon2).
 */

export type LoadDatabase = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
export type LoadMember = { id: number; token: string };

const DAY = 24 * 60 * 60 * 1000;

export async function seedLoadDatabase(where: LoadDatabase, members: number, jwtSecret: string): Promise<LoadMember[]> {
  const database = await openDatabase(where.kind === 'pglite' ? { dataDir: where.dataDir } : { databaseUrl: where.url, dataDir: null });
  try {
    await seedDemoData(database.db);
    const inserted: { id: number; tokenVersion: number }[] = [];
    for (let from = 0; from < members; from += 500) {
      const chunk = Array.from({ length: Math.min(500, members - from) }, (_, i) => {
        const n = String(from + i + 1).padStart(4, '0');
        return { username: `charge${n}`, email: `charge${n}@load.comptoir.test`, passwordHash: '!', firstName: `Membre ${n}` };
      });
      inserted.push(...(await database.db.insert(users).values(chunk).returning({ id: users.id, tokenVersion: users.tokenVersion })));
    }
    const expiresAt = new Date(Date.now() + 365 * DAY);
    for (let from = 0; from < inserted.length; from += 500) {
      await database.db
        .insert(userSubscriptions)
        .values(inserted.slice(from, from + 500).map((u) => ({ userId: u.id, subscriptionId: SUBSCRIPTION.VIP, expiresAt })));
    }
    const sign = createSigner({ key: jwtSecret, expiresIn: TOKEN_LIFETIME });
    return inserted.map((u) => ({ id: u.id, token: sign({ id: u.id, v: u.tokenVersion }) }));
  } finally {
    await database.close();
  }
}

/** A new, empty PostgreSQL database named `name` next to `adminUrl`'s; null when PostgreSQL is unreachable. */
export async function freshPostgres(adminUrl: string, name: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgres(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
