import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { base64urlKey } from '../../src/contract/account';
import type { ServerConfig } from '../config';
import type { Database } from '../db/open-database';
import { serverSecrets } from '../db/schema';

/** What signs web pushes (RFC 8292): the key pair and the contact the push services see. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const SECRET_NAME = 'vapid';
const storedPair = z.object({ publicKey: base64urlKey(65), privateKey: base64urlKey(32) });

/**
 * The configured pair (`VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY`), else the one kept in the
 * database, generated on the first start: the browsers' subscriptions are bound to the public key,
 * so it must not change between restarts. Two servers starting together on an empty database agree
 * on the first pair written.
 */
export async function vapidKeysFor(db: Database, config: Pick<ServerConfig, 'vapid' | 'vapidSubject'>): Promise<VapidKeys> {
  if (config.vapid) return { ...config.vapid, subject: config.vapidSubject };
  const stored = await storedKeys(db);
  if (stored) return { ...stored, subject: config.vapidSubject };
  const { default: webpush } = await import('web-push');
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: { publicKey: generated.publicKey, privateKey: generated.privateKey } })
    .onConflictDoNothing();
  const kept = await storedKeys(db);
  if (!kept) throw new Error('Clés VAPID illisibles dans server_secrets');
  return { ...kept, subject: config.vapidSubject };
}

async function storedKeys(db: Database): Promise<z.infer<typeof storedPair> | null> {
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME)).limit(1);
  if (!row) return null;
  const pair = storedPair.safeParse(row.value);
  if (!pair.success) throw new Error('Clés VAPID illisibles dans server_secrets');
  return pair.data;
}
