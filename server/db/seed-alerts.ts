import { randomUUID } from 'node:crypto';
import type { TradeFields as Trade } from '../../src/contract/alerts';
import type { alertLikes, alerts, messages, uploads } from './schema';

/**
 * The demo alerts of DESIGN.md: a dozen over the last three days, posted by the coach in every
 * room, some with a trade block, two with an audio note, one free, two with comments. Their seq is
 * given by the seed, interleaved with the room's messages.
 */
const HOUR = 60 * 60 * 1000;

type DemoAlert = {
  room: string;
  hoursAgo: number;
  title: string;
  content: string;
  trade?: Trade;
  freeAlert?: boolean;
  audio?: boolean;
  likers?: string[];
  comments?: { author: string; content: string }[];
};

const trade = (name: string, order: Trade['order'], enter: number, sl: number, tp1: number, tp2: number | null = null): Trade => ({
  name,
  order,
  enter,
  sl,
  be: null,
  tp1,
  tp2,
  tp3: null,
});

const DEMO_ALERTS: DemoAlert[] = [
  {
    room: 'all',
    hoursAgo: 70,
    title: 'Briefing',
    content: 'Semaine chargée : CPI mardi, BCE jeudi, NFP vendredi. On réduit la taille des positions avant chaque annonce.',
    audio: true,
    likers: ['vip', 'live'],
  },
  {
    room: 'forex',
    hoursAgo: 64,
    title: 'Trade du jour',
    content: 'Achat EUR/USD sur le retour au support H4, invalidation sous 1,0820.',
    trade: trade('EUR/USD', 'BUY', 1.085, 1.082, 1.09, 1.095),
    likers: ['vip', 'live', 'banni'],
    comments: [
      { author: 'vip', content: 'Pris à 1,0852, merci coach !' },
      { author: 'live', content: 'Je laisse courir jusqu’au TP2.' },
      { author: 'vip', content: 'TP1 touché, stop au point mort.' },
    ],
  },
  {
    room: 'indices',
    hoursAgo: 58,
    title: 'Scalping',
    content: 'Vente DAX sous les 18 300 à l’ouverture, objectif le comblement du gap.',
    trade: trade('DAX', 'SELL', 18290, 18340, 18220, 18180),
    likers: ['live'],
  },
  {
    room: 'crypto',
    hoursAgo: 52,
    title: 'Swing',
    content: 'BTC au-dessus des 60k avec du volume : achat sur repli, horizon deux semaines.',
    trade: trade('BTC/USD', 'BUY', 60500, 57800, 64000, 68000),
    likers: ['vip', 'banni'],
    comments: [
      { author: 'live', content: 'Tu gardes combien en spot ?' },
      { author: 'coach', content: 'Un tiers en spot, le reste en attente sous les 58k.' },
    ],
  },
  {
    room: 'forex',
    hoursAgo: 46,
    title: 'Pédagogie',
    content: 'Gratuit pour tous : comment placer son stop au-delà de la structure et non à un nombre rond.',
    freeAlert: true,
    likers: ['vip'],
  },
  {
    room: 'indices',
    hoursAgo: 40,
    title: 'Analyse',
    content: 'Nasdaq en tendance haussière propre ; je n’achète que les replis sur la moyenne mobile 20.',
  },
  {
    room: 'prime',
    hoursAgo: 34,
    title: 'Portefeuille',
    content: 'Renforcement de la position sur l’or physique, 5 % du portefeuille.',
  },
  {
    room: 'forex',
    hoursAgo: 28,
    title: 'Trade du jour',
    content: 'Vente GBP/JPY sur la cassure du range, stop au-dessus du plus haut de la veille.',
    trade: trade('GBP/JPY', 'SELL', 191.2, 192.1, 189.8),
    audio: true,
  },
  {
    room: 'crypto',
    hoursAgo: 20,
    title: 'Live',
    content: 'Live crypto ce soir à 20h : revue BTC, ETH et SOL, questions en direct.',
  },
  {
    room: 'all',
    hoursAgo: 14,
    title: 'Replay',
    content: 'Le replay de la session US est en ligne : gestion du stop suiveur sur le SP500.',
    likers: ['live'],
  },
  {
    room: 'indices',
    hoursAgo: 8,
    title: 'Trade du jour',
    content: 'Achat SP500 sur le support des 5 100, stop serré.',
    trade: trade('SP500', 'BUY', 5105, 5085, 5150, 5190),
  },
  {
    room: 'forex',
    hoursAgo: 3,
    title: 'Briefing',
    content: 'Dollar fort ce matin après les chiffres de l’emploi ; prudence sur les paires en USD.',
  },
];

export type DemoAlertRows = {
  alerts: (typeof alerts.$inferInsert & { seq: number })[];
  comments: (typeof messages.$inferInsert)[];
  likes: (typeof alertLikes.$inferInsert)[];
  uploads: (typeof uploads.$inferInsert)[];
};

/** The rows of the demo alerts; every seq is 0 until the seed orders them in their room. */
export function demoAlertRows(userId: (key: string) => number, now: Date): DemoAlertRows {
  const rows: DemoAlertRows = { alerts: [], comments: [], likes: [], uploads: [] };
  for (const demo of DEMO_ALERTS) {
    const id = randomUUID();
    const createdAt = new Date(now.getTime() - demo.hoursAgo * HOUR);
    const attachments: string[] = [];
    if (demo.audio) {
      const uploadId = randomUUID();
      attachments.push(uploadId);
      rows.uploads.push({
        id: uploadId,
        ownerId: userId('coach'),
        attachmentType: 'audio',
        name: `${demo.title.toLowerCase()}.wav`,
        mimeType: 'audio/wav',
        size: DEMO_AUDIO.length,
        messageId: id,
        createdAt,
      });
    }
    const comments = demo.comments ?? [];
    rows.alerts.push({
      id,
      roomId: demo.room,
      authorId: userId('coach'),
      title: demo.title,
      content: demo.content,
      attachments,
      trade: demo.trade ?? null,
      freeAlert: demo.freeAlert ?? false,
      seq: 0,
      createdAt,
      updatedAt: createdAt,
      likesCount: demo.likers?.length ?? 0,
      repliesCount: comments.length,
    });
    for (const liker of demo.likers ?? []) rows.likes.push({ alertId: id, userId: userId(liker), createdAt });
    comments.forEach((comment, index) => {
      rows.comments.push({
        id: randomUUID(),
        roomId: demo.room,
        alertId: id,
        authorId: userId(comment.author),
        content: comment.content,
        createdAt: new Date(createdAt.getTime() + (index + 1) * 20 * 60 * 1000),
      });
    });
  }
  return rows;
}

/** A two-second 440 Hz note, 8 kHz mono 8-bit WAV: the demo alerts' audio notes. */
export const DEMO_AUDIO: Buffer = (() => {
  const rate = 8000;
  const samples = rate * 2;
  const wav = Buffer.alloc(44 + samples);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i += 1) {
    const fade = Math.min(1, i / 800, (samples - i) / 800);
    wav.writeUInt8(Math.round(128 + 40 * fade * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i);
  }
  return wav;
})();
