import { count, like } from 'drizzle-orm';
import { openDatabase } from '../../server/db/open-database';
import { messages } from '../../server/db/schema';
import type { SoakMember } from './soak-member';

/**
 * The checks that say nothing was lost or doubled, for the soak and the cluster bench's node kill:
 * each stream's history as the server answers it against what every member heard, then the
 * database row by row. The posts of one run are told apart by their client ids' prefix `${run}-`.
 */

export type StreamCheck = {
  stream: string;
  /** Soak messages in the server's history. */
  stored: number;
  lost: number;
  duplicated: number;
  /** Members reading the stream whose heard ids differ from the server's (missing, extra or out of order). */
  membersDiffering: number;
  /** Over those members: messages of the history a member never heard, and ids it heard that the history does not hold. */
  heardMissing: number;
  heardExtra: number;
};

/**
 * Each stream's history as the server answers it (a reader of the stream asks): every client id
 * sent to it is there once, and every member reading it heard exactly those ids, in that order.
 */
export async function checkStreams(members: SoakMember[], run: string): Promise<StreamCheck[]> {
  const readers = new Map<string, { channel: ReturnType<SoakMember['streams']>[number]['channel']; members: SoakMember[] }>();
  for (const member of members) {
    for (const { key, channel } of member.streams()) {
      const entry = readers.get(key) ?? { channel, members: [] };
      entry.members.push(member);
      readers.set(key, entry);
    }
  }
  // What was sent where: each acknowledged message names its stream.
  const sentTo = new Map<string, Set<string>>();
  for (const member of members) {
    for (const [clientId, message] of member.acked) {
      const key = message.conversationId ? `conversation:${message.conversationId}` : message.room;
      sentTo.set(key, (sentTo.get(key) ?? new Set()).add(clientId));
    }
  }
  const checks: StreamCheck[] = [];
  for (const [key, { channel, members: readersOf }] of readers) {
    const history = (await readersOf[0]!.history(channel)).filter((m) => m.clientId?.startsWith(`${run}-`));
    const times = new Map<string, number>();
    for (const m of history) times.set(m.clientId!, (times.get(m.clientId!) ?? 0) + 1);
    const expected = sentTo.get(key) ?? new Set<string>();
    const lost = [...expected].filter((id) => !times.has(id)).length;
    const duplicated = [...times.values()].filter((n) => n > 1).length;
    const ordered = history.map((m) => m._id).join(',');
    const check: StreamCheck = { stream: key, stored: history.length, lost, duplicated, membersDiffering: 0, heardMissing: 0, heardExtra: 0 };
    for (const member of readersOf) {
      const heard = [...(member.heard.get(key)?.values() ?? [])]
        .filter((h) => h.clientId?.startsWith(`${run}-`))
        .sort((a, b) => (a.date === b.date ? (a.id < b.id ? -1 : 1) : a.date < b.date ? -1 : 1));
      if (heard.map((h) => h.id).join(',') !== ordered) {
        check.membersDiffering += 1;
        const serverIds = new Set(history.map((m) => m._id));
        const missing = [...serverIds].filter((id) => !member.heard.get(key)?.has(id)).length;
        const extra = heard.filter((h) => !serverIds.has(h.id)).length;
        check.heardMissing += missing;
        check.heardExtra += extra;
        console.log(`membre ${member.id}, ${key} : ${missing} manquants, ${extra} en trop (sur ${history.length})`);
      }
    }
    checks.push(check);
  }
  return checks.sort((a, b) => a.stream.localeCompare(b.stream));
}

/** Straight from the database, once the server has stopped: one row per client id sent, no more, no less. */
export async function checkDatabase(where: Parameters<typeof openDatabase>[0], run: string, members: SoakMember[]): Promise<{ rows: number; lost: number; duplicated: number }> {
  const database = await openDatabase(where);
  try {
    const stored = await database.db
      .select({ clientId: messages.clientId, n: count() })
      .from(messages)
      .where(like(messages.clientId, `${run}-%`))
      .groupBy(messages.clientId);
    const times = new Map(stored.map((row) => [row.clientId, row.n]));
    const sent = members.flatMap((m) => [...m.sent]);
    return {
      rows: stored.reduce((n, row) => n + row.n, 0),
      lost: sent.filter((id) => !times.has(id)).length,
      duplicated: stored.filter((row) => row.n > 1).length,
    };
  } finally {
    await database.close();
  }
}
