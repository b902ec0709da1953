import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { hashPassword } from '../auth/passwords';
import type { Database } from './open-database';
import {
  alertLikes,
  alerts,
  contentEntries,
  conversationMembers,
  conversations,
  liveSlots,
  messageLikes,
  messages,
  rooms,
  uploads,
  userBlocks,
  users,
  userSubscriptions,
} from './schema';
import { DEMO_AUDIO, demoAlertRows } from './seed-alerts';
import { demoMessagingRows } from './seed-messaging';
import { seedBilling } from './seed-billing';
import { seedDemoFormations } from '../learning/seed-formations';
import { seedDemoContent } from '../content/seed-content';

/** Demo data of DESIGN.md, written once into an empty database; tests and reviewers rely on it. */
export const DEMO_PASSWORD = 'comptoir123';
const DAY = 24 * 60 * 60 * 1000;

type DemoAccount = {
  key: 'membre' | 'vip' | 'live' | 'coach' | 'banni' | 'support' | 'analyste';
  firstName: string;
  lastName: string;
  subscriptions: { id: number; days: number }[];
  isNewVip?: boolean;
  canWriteNews?: boolean;
  isStaff?: boolean;
  mention?: string;
  description: string;
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { key: 'membre', firstName: 'Marie', lastName: 'Lefèvre', subscriptions: [], description: 'Je découvre le trading.' },
  {
    key: 'vip',
    firstName: 'Victor',
    lastName: 'Perrin',
    subscriptions: [{ id: SUBSCRIPTION.VIP, days: 30 }],
    isNewVip: true,
    description: 'Swing trader sur le Forex.',
  },
  {
    key: 'live',
    firstName: 'Léa',
    lastName: 'Martin',
    subscriptions: [
      { id: SUBSCRIPTION.VIP, days: 200 },
      { id: SUBSCRIPTION.LIVE, days: 200 },
    ],
    description: 'Day trader, indices US.',
  },
  {
    key: 'coach',
    firstName: 'Camille',
    lastName: 'Durand',
    subscriptions: [
      { id: SUBSCRIPTION.VIP, days: 3650 },
      { id: SUBSCRIPTION.LIVE, days: 3650 },
      { id: SUBSCRIPTION.MODERATOR, days: 3650 },
    ],
    canWriteNews: true,
    isStaff: true,
    mention: 'Coach',
    description: 'Coach Comptoir, analyse technique et gestion du risque.',
  },
  {
    key: 'banni',
    firstName: 'Bruno',
    lastName: 'Garnier',
    subscriptions: [
      { id: SUBSCRIPTION.VIP, days: 90 },
      { id: SUBSCRIPTION.CHAT_BAN, days: 5 },
    ],
    description: 'Crypto, surtout.',
  },
  {
    key: 'support',
    firstName: 'Support',
    lastName: 'Comptoir',
    // Not staff (the coaches' list of the notification settings stays the coaches'): its VIP
    // opens the messaging, where voice notes are open to every member anyway.
    subscriptions: [{ id: SUBSCRIPTION.VIP, days: 3650 }],
    mention: 'Support',
    description: 'L’équipe support de Comptoir : abonnements, factures et accès.',
  },
  {
    key: 'analyste',
    firstName: 'Hugo',
    lastName: 'Bernard',
    subscriptions: [
      { id: SUBSCRIPTION.VIP, days: 3650 },
      { id: SUBSCRIPTION.LIVE, days: 3650 },
      { id: SUBSCRIPTION.MODERATOR, days: 3650 },
    ],
    isStaff: true,
    mention: 'Coach',
    description: 'Analyste Comptoir, macroéconomie et indices.',
  },
];

export const DEMO_ROOMS = [
  { id: 'all', name: 'ALL', icon: null, position: 0, readSubscription: SUBSCRIPTION.VIP, staffOnlyWrite: true },
  { id: 'forex', name: 'Forex', icon: null, position: 1, readSubscription: SUBSCRIPTION.VIP, staffOnlyWrite: false },
  { id: 'indices', name: 'Indices', icon: null, position: 2, readSubscription: SUBSCRIPTION.VIP, staffOnlyWrite: false },
  { id: 'crypto', name: 'Crypto', icon: null, position: 3, readSubscription: SUBSCRIPTION.VIP, staffOnlyWrite: false },
  { id: 'prime', name: 'Prime', icon: null, position: 4, readSubscription: SUBSCRIPTION.PRIME, staffOnlyWrite: false },
] as const;

/** Lines of chat per room; authors cycle through the members who may write there. */
const CHAT_LINES: Record<string, string[]> = {
  all: [
    'Bonjour à tous, bienvenue sur Comptoir ! Le programme des lives de la semaine est dans le calendrier.',
    'Rappel : pas plus de 1 % de risque par trade, même quand le setup paraît parfait.',
    "Le CPI américain sort à 14h30 aujourd'hui, attention à la volatilité sur les indices et l'or.",
    'Nouveau replay disponible : la gestion du stop suiveur sur le DAX.',
    'Pensez à remplir votre journal de trading ce week-end, on en parle en live lundi.',
  ],
  forex: [
    "EUR/USD teste la résistance à 1,0950 depuis ce matin, j'attends une clôture H4 au-dessus.",
    'Même lecture ici, le RSI diverge sur H1 donc prudence.',
    'GBP/JPY en range serré, je passe mon tour.',
    'Quelqu’un suit le USD/CAD ? Le pétrole pousse fort.',
    'Oui, short pris à 1,3720, stop au-dessus du dernier sommet.',
    'Belle cassure sur EUR/USD, objectif 1,1000 pour moi.',
    "Attention à la BCE jeudi, je réduis la taille d'ici là.",
    'Merci pour le partage, le plan était clair.',
  ],
  indices: [
    'Le DAX ouvre en gap haussier de 80 points.',
    "Je vise le comblement du gap vers 18 250, entrée sur pullback.",
    'Nasdaq très fort pré-market après les résultats tech.',
    'SP500 : support clé à 5 100, je reste long tant que ça tient.',
    'Sortie partielle sur le DAX, stop au point mort.',
    'Le CAC est à la traîne aujourd’hui, rien de propre.',
    'Bien joué pour ceux qui ont pris le rebond sur le Dow !',
  ],
  crypto: [
    'BTC repasse au-dessus des 60k, les volumes suivent.',
    "ETH/BTC toujours baissier, je préfère rester sur le BTC.",
    'SOL casse sa trendline journalière.',
    'Qui a vu le funding rate ? Très positif, risque de flush.',
    'Je sécurise la moitié de ma position BTC.',
    'Altseason pas encore là à mon avis, la dominance BTC monte.',
  ],
  prime: [
    'Bienvenue dans la room Prime : analyses macro et portefeuille long terme.',
    'Allocation du mois : 40 % actions, 20 % or, 10 % crypto, le reste en monétaire.',
    "L'or reste notre couverture principale face aux banques centrales.",
  ],
};

const THREAD_REPLIES = [
  'Tout à fait d’accord.',
  'Tu mets ton stop où exactement ?',
  'Merci, je regarde ça ce soir.',
  'Pris aussi, on verra bien !',
];

/**
 * Writes the demo data when the database holds no user yet; returns whether it did. The demo
 * alerts' audio notes are written into `uploadsDir` when given (the server's upload folder).
 */
export async function seedDemoData(db: Database, now: Date = new Date(), options: { uploadsDir?: string } = {}): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          username: a.key,
          email: `${a.key}@comptoir.test`,
          passwordHash,
          firstName: a.firstName,
          lastName: a.lastName,
          description: a.description,
          isNewVip: a.isNewVip ?? false,
          canWriteNews: a.canWriteNews ?? false,
          isStaff: a.isStaff ?? false,
          mention: a.mention ?? null,
          confirmed: true,
        })),
      )
      .returning({ id: users.id, username: users.username });
    const idOf = new Map(inserted.map((u) => [u.username, u.id]));
    const userId = (key: string): number => {
      const id = idOf.get(key);
      if (id === undefined) throw new Error(`compte de démo manquant : ${key}`);
      return id;
    };

    const subscriptionRows = DEMO_ACCOUNTS.flatMap((a) =>
      a.subscriptions.map((s) => ({
        userId: userId(a.key),
        subscriptionId: s.id,
        expiresAt: new Date(now.getTime() + s.days * DAY),
      })),
    );
    await tx.insert(userSubscriptions).values(subscriptionRows);
    await tx.insert(rooms).values([...DEMO_ROOMS]);

    // Some days of history per room: a message every ~40 minutes over the last 3 days.
    const writers = ['vip', 'live', 'coach', 'banni'];
    const history: (typeof messages.$inferInsert)[] = [];
    const likes: (typeof messageLikes.$inferInsert)[] = [];
    const demoAlerts = demoAlertRows(userId, now);
    for (const room of DEMO_ROOMS) {
      const firstOfRoom = history.length;
      const lines = CHAT_LINES[room.id] ?? [];
      const total = room.id === 'all' ? 15 : 90;
      for (let i = 0; i < total; i += 1) {
        const author = room.staffOnlyWrite || room.id === 'prime' ? 'coach' : writers[(i * 7 + room.position) % writers.length]!;
        const createdAt = new Date(now.getTime() - 3 * DAY + (i * 3 * DAY) / total);
        const id = randomUUID();
        const likers = ['vip', 'live', 'coach'].filter((_, k) => (i + k) % 3 === 0);
        history.push({
          id,
          roomId: room.id,
          authorId: userId(author),
          content: lines[i % lines.length]!,
          createdAt,
          likesCount: likers.length,
          pinned: i === 2 && room.id !== 'all' ? true : room.id === 'all' && i === 0,
          pinTitle: i === 2 && room.id !== 'all' ? 'Plan de la semaine' : room.id === 'all' && i === 0 ? 'Bienvenue' : null,
          pinnedAt: (i === 2 && room.id !== 'all') || (room.id === 'all' && i === 0) ? createdAt : null,
        });
        for (const liker of likers) likes.push({ messageId: id, userId: userId(liker), createdAt });
        // Every tenth message opens a thread of a few replies.
        if (i % 10 === 4 && room.id !== 'all') {
          const replies = 2 + (i % 3);
          for (let r = 0; r < replies; r += 1) {
            history.push({
              id: randomUUID(),
              roomId: room.id,
              parentId: id,
              authorId: userId(writers[(r + i) % writers.length]!),
              content: THREAD_REPLIES[(r + i) % THREAD_REPLIES.length]!,
              createdAt: new Date(createdAt.getTime() + (r + 1) * 5 * 60 * 1000),
            });
          }
          history[history.length - replies - 1]!.repliesCount = replies;
        }
      }
      history.push(...demoAlerts.comments.filter((comment) => comment.roomId === room.id));
      // The room's change sequence follows the order of time, alerts and their comments among
      // the messages (a stable sort: the history is written in time order already).
      const changes: { at: number; row: { seq?: number } }[] = [
        ...history.slice(firstOfRoom).map((row) => ({ at: row.createdAt?.getTime() ?? 0, row })),
        ...demoAlerts.alerts.filter((alert) => alert.roomId === room.id).map((row) => ({ at: row.createdAt?.getTime() ?? 0, row })),
      ].sort((a, b) => a.at - b.at);
      changes.forEach((change, index) => {
        change.row.seq = index + 1;
      });
      await tx.update(rooms).set({ lastSeq: changes.length }).where(eq(rooms.id, room.id));
    }
    await tx.insert(alerts).values(demoAlerts.alerts);
    for (let i = 0; i < history.length; i += 500) await tx.insert(messages).values(history.slice(i, i + 500));
    if (likes.length > 0) await tx.insert(messageLikes).values(likes);
    if (demoAlerts.likes.length > 0) await tx.insert(alertLikes).values(demoAlerts.likes);
    if (demoAlerts.uploads.length > 0) await tx.insert(uploads).values(demoAlerts.uploads);
    const messaging = demoMessagingRows(userId, now);
    await tx.insert(conversations).values(messaging.conversations);
    await tx.insert(conversationMembers).values(messaging.members);
    await tx.insert(messages).values(messaging.messages);
    await tx.insert(userBlocks).values(messaging.blocks);
    if (options.uploadsDir !== undefined) {
      const dir = options.uploadsDir;
      mkdirSync(dir, { recursive: true });
      for (const upload of demoAlerts.uploads) writeFileSync(join(dir, upload.id), DEMO_AUDIO);
    }

    // Weekly live programme, in UTC minutes (Paris is UTC+1 in winter).
    const weekdays = [1, 2, 3, 4, 5];
    await tx.insert(liveSlots).values([
      ...weekdays.map((weekday) => ({
        name: 'Analyse pré-ouverture',
        speaker: 'Camille Durand',
        weekday,
        startMinute: 7 * 60 + 30,
        durationMinutes: 60,
        roomClickId: 'live-matin',
        directLink: null,
      })),
      ...weekdays.map((weekday) => ({
        name: 'Session US',
        speaker: 'Camille Durand',
        weekday,
        startMinute: 14 * 60,
        durationMinutes: 120,
        roomClickId: 'live-us',
        directLink: null,
      })),
      {
        name: 'Questions-réponses',
        speaker: 'L’équipe Comptoir',
        weekday: 3,
        startMinute: 17 * 60,
        durationMinutes: 60,
        roomClickId: null,
        directLink: 'https://live.comptoir.test/questions-reponses',
      },
      {
        name: 'Revue de la semaine',
        speaker: 'Camille Durand',
        weekday: 6,
        startMinute: 9 * 60,
        durationMinutes: 90,
        roomClickId: 'live-revue',
        directLink: null,
      },
    ]);

    await tx.insert(contentEntries).values([
      {
        type: 'adBanner',
        id: 1,
        data: {
          datedebut: new Date(now.getTime() - DAY).toISOString(),
          datefin: new Date(now.getTime() + 365 * DAY).toISOString(),
          texte: 'Offre de bienvenue : -20 % sur le VIP à vie avec le code BIENVENUE20.',
          textecourt: null,
          affichecompteur: true,
          codecoupon: 'BIENVENUE20',
          image: null,
        },
      },
      {
        type: 'upsellBanner',
        id: 1,
        data: {
          Prime: { actif: true, texte: 'Rejoins la room Prime et ses analyses long terme.', url: '/profil/abonnements', image: null },
          Live: { actif: true, texte: 'Suis les lives quotidiens avec nos coachs.', url: '/purchase/upgrade_live', image: null },
          Illimite: { actif: true, texte: 'Passe au VIP à vie : -20 % avec le code BIENVENUE20.', url: '/profil/abonnements', image: null },
        },
      },
    ]);
    await seedDemoFormations(tx);
    await seedDemoContent(tx, now);
    await seedBilling(tx, { vipId: userId('vip'), vipExpiry: new Date(now.getTime() + 30 * DAY) });
  });
  return true;
}
