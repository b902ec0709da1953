import { eq } from 'drizzle-orm';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { hashPassword } from '../../server/auth/passwords';
import type { Database } from '../../server/db/open-database';
import { messageLikes, messages, rooms, users, userSubscriptions } from '../../server/db/schema';

/**
 * The benchmark's own data, written straight into an empty database with drizzle bulk inserts
 * (never the demo seed): one heavy room and four ordinary ones, with realistic lengths, authors,
 * threads, likes and pins. Each message's `seq` is the room's change sequence at its last change,
 * exactly as the server would have numbered it (a reply takes a number, then its parent another),
 * and `rooms.last_seq` ends on the last one, so catch-ups and history pages behave as in production.
 */

export const BENCH_PASSWORD = 'comptoir123';
/** The signed-in member of every measured page: staff and moderator, so every room is readable. */
export const BENCH_COACH = 'benchcoach';
/** Members that post during the burst. */
export const BENCH_SENDERS = ['benchsender1', 'benchsender2', 'benchsender3', 'benchsender4'] as const;

/** Messages of the heavy room, of each of the four others, and of each small lounge. */
export type BenchSize = { bigRoom: number; otherRooms: number; lounges: number };
export const FULL_SIZE: BenchSize = { bigRoom: 100_000, otherRooms: 20_000, lounges: 40 };
export const SMOKE_SIZE: BenchSize = { bigRoom: 400, otherRooms: 100, lounges: 10 };

export type SeededRoom = {
  id: string;
  name: string;
  /** Top-level messages (what the room's log pages through). */
  topLevel: number;
  /** Every row of the room: top-level messages and thread replies. */
  rows: number;
  lastSeq: number;
  /** Newest top-level messages first: the ids the log shows at its bottom. */
  newestIds: string[];
};
/** `rooms`: the heavy room first, then the four others; `lounges`: the small rooms that make twenty with them (the inbox's). */
export type SeededData = { rooms: SeededRoom[]; lounges: SeededRoom[]; members: number; likes: number; seconds: number };

const ROOMS = [
  { id: 'bourse', name: 'Bourse', big: true },
  { id: 'forex', name: 'Forex', big: false },
  { id: 'indices', name: 'Indices', big: false },
  { id: 'crypto', name: 'Crypto', big: false },
  { id: 'options', name: 'Options', big: false },
] as const;
/** Sixteen small rooms: with the four others, the twenty rooms of `inbox_open_ms` (issue 21). */
const LOUNGES = Array.from({ length: 16 }, (_, i) => ({ id: `salon${String(i + 1).padStart(2, '0')}`, name: `Salon ${i + 1}`, big: false, lounge: true }));
const ALL_ROOMS: readonly { id: string; name: string; big: boolean; lounge?: boolean }[] = [...ROOMS, ...LOUNGES];

const MEMBERS = 60;
const COACHES = 3;
const CHUNK = 1000;
const DAY = 24 * 60 * 60 * 1000;

export async function seedBenchData(db: Database, size: BenchSize, now = Date.now()): Promise<SeededData> {
  const started = performance.now();
  const random = mulberry32(20_240_601);
  const passwordHash = await hashPassword(BENCH_PASSWORD);

  const accounts = [
    { username: BENCH_COACH, staff: true, mention: 'Coach' },
    ...Array.from({ length: COACHES }, (_, i) => ({ username: `coach${i + 1}`, staff: true, mention: 'Coach' })),
    ...Array.from({ length: MEMBERS }, (_, i) => ({ username: `${PSEUDOS[i % PSEUDOS.length]}${Math.floor(i / PSEUDOS.length) || ''}`, staff: false, mention: null })),
    ...BENCH_SENDERS.map((username) => ({ username, staff: false, mention: null })),
  ];
  const inserted = await db
    .insert(users)
    .values(
      accounts.map((a) => ({
        username: a.username,
        email: `${a.username}@bench.comptoir.test`,
        passwordHash,
        firstName: a.username.slice(0, 1).toUpperCase() + a.username.slice(1),
        isStaff: a.staff,
        canWriteNews: a.staff,
        mention: a.mention,
      })),
    )
    .returning({ id: users.id, username: users.username });
  const idOf = new Map(inserted.map((u) => [u.username, u.id]));
  const expires = new Date(now + 3650 * DAY);
  await db.insert(userSubscriptions).values(
    inserted.flatMap((u) => {
      const staff = accounts.find((a) => a.username === u.username)?.staff ?? false;
      const held: number[] = staff ? [SUBSCRIPTION.VIP, SUBSCRIPTION.LIVE, SUBSCRIPTION.MODERATOR] : [SUBSCRIPTION.VIP];
      return held.map((subscriptionId) => ({ userId: u.id, subscriptionId, expiresAt: expires }));
    }),
  );
  await db.insert(rooms).values(ALL_ROOMS.map((r, position) => ({ id: r.id, name: r.name, icon: null, position, readSubscription: SUBSCRIPTION.VIP, staffOnlyWrite: false })));

  // Writers: coaches post a tenth of the messages, members the rest (a few members talk a lot).
  const coachIds = [BENCH_COACH, ...Array.from({ length: COACHES }, (_, i) => `coach${i + 1}`)].map((name) => idOf.get(name)!);
  const memberIds = inserted.filter((u) => !coachIds.includes(u.id) && !(BENCH_SENDERS as readonly string[]).includes(u.username)).map((u) => u.id);
  const likerIds = [...memberIds, ...coachIds];
  const author = (): number => (random() < 0.1 ? pick(random, coachIds) : memberIds[Math.floor(memberIds.length * random() ** 2)]!);

  const seeded: SeededRoom[] = [];
  const lounges: SeededRoom[] = [];
  let likesTotal = 0;
  for (const room of ALL_ROOMS) {
    const topLevel = room.big ? size.bigRoom : room.lounge ? size.lounges : size.otherRooms;
    // The history spans about a message every two minutes on average, ending a minute ago.
    const span = topLevel * 2 * 60 * 1000;
    const start = now - 60_000 - span;
    const times = Array.from({ length: topLevel }, () => start + Math.floor(random() * span)).sort((a, b) => a - b);
    // Distinct milliseconds keep the order total and the page cursors exact.
    for (let i = 1; i < times.length; i += 1) if (times[i]! <= times[i - 1]!) times[i] = times[i - 1]! + 1;

    // Events in time order: posts, and thread replies a few minutes after their parent.
    type Row = typeof messages.$inferInsert & { id: string; seq: number; createdAt: Date };
    const rows: Row[] = [];
    const replyEvents: { at: number; parent: Row; reply: Row }[] = [];
    for (let i = 0; i < topLevel; i += 1) {
      const id = `${room.id}-${String(i).padStart(6, '0')}`;
      const content = sentence(random);
      const row: Row = { id, roomId: room.id, authorId: author(), content: i === jumpIndex(topLevel) ? jumpMark(room.id) : content, seq: 0, createdAt: new Date(times[i]!), likesCount: 0, repliesCount: 0 };
      rows.push(row);
      if (random() < 0.03) {
        const replies = 1 + Math.floor(random() * 6);
        for (let r = 0; r < replies; r += 1) {
          const at = Math.min(times[i]! + (r + 1) * (60_000 + Math.floor(random() * 240_000)), now - 1000);
          const reply: Row = { id: `${id}-r${r}`, roomId: room.id, parentId: id, authorId: author(), content: pick(random, REPLIES), seq: 0, createdAt: new Date(at), likesCount: 0, repliesCount: 0 };
          replyEvents.push({ at, parent: row, reply });
        }
      }
    }
    replyEvents.sort((a, b) => a.at - b.at);
    const events: ({ kind: 'post'; at: number; row: Row } | { kind: 'reply'; at: number; parent: Row; reply: Row })[] = [
      ...rows.map((row) => ({ kind: 'post' as const, at: row.createdAt.getTime(), row })),
      ...replyEvents.map((e) => ({ kind: 'reply' as const, ...e })),
    ].sort((a, b) => a.at - b.at || (a.kind === 'post' ? -1 : 1));
    let seq = 0;
    const replies: Row[] = [];
    for (const event of events) {
      if (event.kind === 'post') {
        event.row.seq = ++seq;
      } else {
        event.reply.seq = ++seq;
        replies.push(event.reply);
        event.parent.repliesCount = (event.parent.repliesCount ?? 0) + 1;
        event.parent.seq = ++seq;
      }
    }

    // Likes: a quarter of the messages, mostly one or two, sometimes a dozen.
    const likes: (typeof messageLikes.$inferInsert)[] = [];
    for (const row of rows) {
      if (random() >= 0.25) continue;
      const count = Math.min(likerIds.length, 1 + Math.floor(random() ** 3 * 12));
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(pick(random, likerIds));
      row.likesCount = count;
      for (const userId of chosen) likes.push({ messageId: row.id, userId, createdAt: row.createdAt });
    }
    // A few pinned messages per room, spread over its history.
    for (let p = 0; p < 5 && rows.length > 0; p += 1) {
      const row = rows[Math.floor(((p + 0.5) / 5) * rows.length)]!;
      row.pinned = true;
      row.pinTitle = pick(random, PIN_TITLES);
      row.pinnedAt = row.createdAt;
    }

    const all = [...rows, ...replies];
    // One transaction per room: a commit per chunk would cost more than the chunk itself.
    await db.transaction(async (tx) => {
      for (let i = 0; i < all.length; i += CHUNK) await tx.insert(messages).values(all.slice(i, i + CHUNK));
      for (let i = 0; i < likes.length; i += CHUNK) await tx.insert(messageLikes).values(likes.slice(i, i + CHUNK));
      await tx.update(rooms).set({ lastSeq: seq }).where(eq(rooms.id, room.id));
    });
    likesTotal += likes.length;
    (room.lounge ? lounges : seeded).push({
      id: room.id,
      name: room.name,
      topLevel,
      rows: all.length,
      lastSeq: seq,
      newestIds: rows.slice(-50).reverse().map((row) => row.id),
    });
  }
  return { rooms: seeded, lounges, members: accounts.length, likes: likesTotal, seconds: (performance.now() - started) / 1000 };
}

/**
 * The message `jump_to_message_ms` searches for and opens (issue 21): half the room back (50,000
 * messages in the 100k room), with a text no other message has. (Its draw is still taken, so
 * the rest of the history is the same.)
 */
export const jumpIndex = (topLevel: number): number => topLevel - 1 - Math.floor(topLevel / 2);
export const jumpMark = (room: string): string => `Repère du banc d'essai ${room}`;
export const jumpId = (room: SeededRoom): string => `${room.id}-${String(jumpIndex(room.topLevel)).padStart(6, '0')}`;

/** A small seeded generator, so every run writes the same history. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

/** Chat lengths as members write them: mostly one short line, some paragraphs, rarely an essay. */
function sentence(random: () => number): string {
  const roll = random();
  const parts = roll < 0.55 ? 1 : roll < 0.85 ? 2 + Math.floor(random() * 2) : roll < 0.97 ? 4 + Math.floor(random() * 4) : 10 + Math.floor(random() * 8);
  const words: string[] = [];
  for (let i = 0; i < parts; i += 1) words.push(pick(random, LINES));
  return words.join(' ');
}

const PSEUDOS = [
  'julien', 'sarah', 'thomas', 'emma', 'lucas', 'chloe', 'hugo', 'ines', 'louis', 'lea', 'nathan', 'manon', 'theo', 'camille',
  'arthur', 'jade', 'paul', 'louise', 'maxime', 'alice', 'antoine', 'zoe', 'romain', 'clara', 'kevin', 'margaux', 'quentin',
  'pauline', 'nicolas', 'marine',
];

const LINES = [
  "EUR/USD teste la résistance à 1,0950 depuis ce matin, j'attends une clôture H4 au-dessus.",
  'Même lecture ici, le RSI diverge sur H1 donc prudence.',
  'GBP/JPY en range serré, je passe mon tour.',
  'Short pris à 1,3720, stop au-dessus du dernier sommet.',
  "Attention à la BCE jeudi, je réduis la taille d'ici là.",
  'Le DAX ouvre en gap haussier de 80 points.',
  'Je vise le comblement du gap vers 18 250, entrée sur pullback.',
  'Nasdaq très fort pré-market après les résultats tech.',
  'SP500 : support clé à 5 100, je reste long tant que ça tient.',
  'Sortie partielle, stop au point mort.',
  'BTC repasse au-dessus des 60k, les volumes suivent.',
  'Qui a vu le funding rate ? Très positif, risque de flush.',
  'Je sécurise la moitié de ma position.',
  'Merci pour le partage, le plan était clair.',
  'Bien joué pour ceux qui ont pris le rebond !',
  'Rappel : pas plus de 1 % de risque par trade, même quand le setup paraît parfait.',
  "Le CPI américain sort à 14h30 aujourd'hui, attention à la volatilité.",
  'Quelqu’un a un avis sur l’or ? Le dollar se renforce depuis hier.',
  'Objectif atteint, je laisse courir le reste avec un stop suiveur.',
  'Pas de trade pour moi aujourd’hui, le marché est trop nerveux.',
  'Je regarde le pétrole, double creux sur le journalier.',
  'Les taux US remontent, les valeurs de croissance souffrent.',
  'Ok',
  'Merci !',
  '+1',
  'Top 👍',
];

const REPLIES = ['Tout à fait d’accord.', 'Tu mets ton stop où exactement ?', 'Merci, je regarde ça ce soir.', 'Pris aussi, on verra bien !', 'Je suis sorti trop tôt…'];
const PIN_TITLES = ['Plan de la semaine', 'Règles de la room', 'Niveaux clés', 'Calendrier macro'];
