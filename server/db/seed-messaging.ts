import { randomUUID } from 'node:crypto';
import { pairKeyOf } from '../messaging/conversations';
import type { conversationMembers, conversations, messages, userBlocks } from './schema';

/**
 * The demo private messages of the README: `vip` has two conversations with unread messages (the
 * support's welcome, and the analyst's answers), `live` and `coach` one read conversation, and
 * `live` blocked `banni`. `vip` and `coach` have none yet, so writing to each other starts one.
 */
const HOUR = 60 * 60 * 1000;

type DemoConversation = {
  between: [string, string];
  lines: { author: string; hoursAgo: number; content: string }[];
  /** When each participant last read it, in hours ago; absent: never (everything of the other is unread). */
  readHoursAgo: Partial<Record<string, number>>;
};

const DEMO_CONVERSATIONS: DemoConversation[] = [
  {
    between: ['vip', 'support'],
    lines: [
      {
        author: 'support',
        hoursAgo: 50,
        content:
          'Bonjour Victor, bienvenue parmi les membres VIP ! Une question sur votre abonnement ou sur la plateforme ? Répondez simplement à ce message.',
      },
    ],
    readHoursAgo: { support: 50 },
  },
  {
    between: ['vip', 'analyste'],
    lines: [
      { author: 'vip', hoursAgo: 26, content: 'Bonjour Hugo, tu vois quoi sur le DAX pour cette semaine ?' },
      { author: 'analyste', hoursAgo: 21, content: 'Salut Victor ! Biais haussier tant que les 18 000 points tiennent, je détaille ça au live de lundi.' },
      { author: 'analyste', hoursAgo: 20, content: 'Je t’ai mis le graphique dans la room Indices.' },
    ],
    readHoursAgo: { vip: 26, analyste: 20 },
  },
  {
    between: ['live', 'coach'],
    lines: [
      { author: 'live', hoursAgo: 30, content: 'Merci pour le live d’hier, très clair sur la gestion du risque.' },
      { author: 'coach', hoursAgo: 29, content: 'Avec plaisir Léa, à demain sur la session US !' },
    ],
    readHoursAgo: { live: 29, coach: 30 },
  },
];

/** Rows of the demo conversations, their messages (each conversation's seq from 1) and the blocks. */
export function demoMessagingRows(userId: (key: string) => number, now: Date) {
  const conversationRows: (typeof conversations.$inferInsert)[] = [];
  const memberRows: (typeof conversationMembers.$inferInsert)[] = [];
  const messageRows: (typeof messages.$inferInsert)[] = [];
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  for (const demo of DEMO_CONVERSATIONS) {
    const id = randomUUID();
    const [a, b] = demo.between.map(userId) as [number, number];
    const first = demo.lines[0]?.hoursAgo ?? 0;
    const last = demo.lines[demo.lines.length - 1]?.hoursAgo ?? 0;
    conversationRows.push({ id, pairKey: pairKeyOf(a, b), lastSeq: demo.lines.length, createdAt: at(first), updatedAt: at(last) });
    for (const key of demo.between) {
      const read = demo.readHoursAgo[key];
      memberRows.push({ conversationId: id, userId: userId(key), lastReadAt: read === undefined ? new Date(0) : at(read) });
    }
    demo.lines.forEach((line, index) => {
      messageRows.push({ id: randomUUID(), conversationId: id, authorId: userId(line.author), content: line.content, seq: index + 1, createdAt: at(line.hoursAgo) });
    });
  }
  const blockRows: (typeof userBlocks.$inferInsert)[] = [{ blockerId: userId('live'), blockedId: userId('banni'), createdAt: at(48) }];
  return { conversations: conversationRows, members: memberRows, messages: messageRows, blocks: blockRows };
}
