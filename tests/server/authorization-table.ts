import { DEMO_POLL_QUESTION } from '../../server/content/demo-content';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { CONTACT_SUBJECTS } from '../../src/contract/account';
import { CLIENT_EVENTS } from '../../src/contract/chat';
import { INBOX_CLIENT_EVENTS } from '../../src/contract/inbox';
import { MESSAGING_CLIENT_EVENTS } from '../../src/contract/messaging';
import { READ_CLIENT_EVENTS } from '../../src/contract/read-state';

/**
 * The authorization matrix of issue 23: every REST route, GraphQL field and socket event the server
 * registers × every role → the answer expected, pointed at other members' objects where the call
 * names one. authorization-matrix.test.ts runs each cell against a real server and fails on a
 * route, field or event without a row here (and on a row naming nothing the server registers).
 */

export const ROLES = ['anonymous', 'membre', 'vip', 'vipExpired', 'live', 'prime', 'banni', 'muted', 'coach', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a cell answers. REST: 2xx ok, 3xx redirect, 400/409/422 invalid (the caller passed the gate
 * and was refused on what it sent), 401 unauthenticated, 403 forbidden, 404 not-found, 429
 * too-many; a 5xx is never expected. GraphQL and socket answers map their error words the same way.
 */
export type Outcome = 'ok' | 'redirect' | 'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'too-many';

export type Expected = Record<Role, Outcome>;

/** `others` for every role not named. */
export function cells(others: Outcome, named: Partial<Record<Role, Outcome>> = {}): Expected {
  const at = (role: Role): Outcome => named[role] ?? others;
  return {
    anonymous: at('anonymous'),
    membre: at('membre'),
    vip: at('vip'),
    vipExpired: at('vipExpired'),
    live: at('live'),
    prime: at('prime'),
    banni: at('banni'),
    muted: at('muted'),
    coach: at('coach'),
    staff: at('staff'),
  };
}
/** The same answer to every role named. */
const each = (roles: readonly Role[], outcome: Outcome): Partial<Record<Role, Outcome>> => Object.fromEntries(roles.map((role) => [role, outcome]));

/** Who reads the VIP rooms and alerts whole, and the Prime room: no answer to anyone else may carry their text. */
export const VIP_READERS: readonly Role[] = ['vip', 'live', 'prime', 'banni', 'muted', 'coach', 'staff'];
export const PRIME_READERS: readonly Role[] = ['prime', 'coach'];
/** Texts the test's setup writes where only those readers may read them. */
export const VIP_TEXT = 'Analyse VIP réservée (matrice)';
export const PRIME_TEXT = 'Analyse Prime réservée (matrice)';

/** Columns that answer alike. */
const NO_VIP = ['membre', 'vipExpired'] as const satisfies readonly Role[];
/** Subscription 6 (spec 2 §6). */
const MODERATORS = ['coach'] as const satisfies readonly Role[];

/** Any caller, signed in or not. */
export const PUBLIC = cells('ok');
/** Signed in: `outcome` (ok by default), 401 to the anonymous. */
export const signedIn = (outcome: Outcome = 'ok', named: Partial<Record<Role, Outcome>> = {}): Expected => cells(outcome, { anonymous: 'unauthenticated', ...named });
/** Signed in with a running VIP (3): subscription content, rooms, messaging. */
export const vipOnly = (named: Partial<Record<Role, Outcome>> = {}): Expected => signedIn('ok', { ...each(NO_VIP, 'forbidden'), ...named });
/** Subscription 6 only; the other members are refused. */
export const moderatorsOnly = (outcome: Outcome = 'ok', named: Partial<Record<Role, Outcome>> = {}): Expected =>
  signedIn('forbidden', { ...each(MODERATORS, outcome), ...named });
/** The development pages (server/http/dev-pages.ts) from another machine: the staff only. */
export const devPage = (outcome: Outcome = 'ok'): Expected => cells('forbidden', { coach: outcome, staff: outcome });

/** The other members' objects the calls point at (found or made by the test's setup). */
export type Objects = {
  /** Each role's e-mail address; the anonymous one is the bystander's. */
  emails: Record<Role, string>;
  /** The member whose objects everyone else is pointed at (the demo `vip`, in no column). */
  victim: { id: number; username: string };
  /** A member the rows block, follow and mute (the demo `support`, in no column). */
  bystander: { id: number; username: string };
  /** The victim's message in the Forex room, its thread's parent and a Prime room message. */
  message: string;
  primeMessage: string;
  /** The victim's message in each role's own copy (deletions and edits run on these). */
  throwaway: Record<Role, string>;
  /** Each role's own message in Forex, written before the mute; an unknown id for a role that may not write. */
  own: Record<Role, string>;
  /** The victim's conversation with the support, and one of its messages. */
  conversation: string;
  privateMessage: string;
  upload: string;
  invoice: string;
  card: string;
  /** The victim's renewal payment. */
  payment: string;
  /** A VIP alert of the coach, and its comment's room. */
  alert: string;
  /** A free formation and a chapter of it; a Prime one (categories 2, 5, 6) and a chapter of it. */
  formation: number;
  chapter: number;
  primeFormation: number;
  primeChapter: number;
  replay: number;
  article: number;
  tool: number;
  social: number;
  /** A report of the victim's message, by the bystander. */
  reportedMessage: string;
  heldMessage: string;
};

export type RestRow = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as registered (`/rest/alerts/:id`). */
  route: string;
  /** What the row points at, when a route has several rows. */
  case?: string;
  /** The path called; the route itself when it has no parameter. */
  path?: (o: Objects, role: Role) => string;
  body?: (o: Objects, role: Role) => unknown;
  /** A multipart body (uploads): the declared type and the file. */
  /** `text` after the file type's signature bytes (`signature`), when it has one. */
  form?: { type: string; name: string; mime: string; text: string; signature?: number[] };
  expect: Expected;
  /** Runs after every other row (it ends the caller's session or account). */
  last?: boolean;
  /** Why the row answers as it does, where the table alone does not say. */
  note?: string;
  /** A staff tool whose point is to show other members' data to whoever passes its gate (the dev mailbox). */
  showsOthers?: boolean;
};

/** A small text file: a document for `POST /rest/upload`. */
const NOTE = { type: 'file', name: 'note.txt', mime: 'text/plain', text: 'Bonjour' };

/** Every REST route of the server. */
export const REST_ROWS: RestRow[] = [
  { method: 'POST', route: '/content/graphql', body: () => ({ query: '{ siteLinks { shopUrl } }' }), expect: PUBLIC },

  // ---- accounts and profile ----
  { method: 'GET', route: '/content/api/users/me', expect: signedIn() },
  { method: 'POST', route: '/content/api/users/me', expect: signedIn() },
  { method: 'PUT', route: '/content/api/user/update', body: () => ({ metadata: { firstName: 'Matrice' } }), expect: signedIn() },
  { method: 'POST', route: '/content/api/upload', form: NOTE, expect: signedIn('invalid'), note: 'a text file is no avatar: refused after the gate' },
  { method: 'DELETE', route: '/rest/users/delete', body: () => ({ password: DEMO_PASSWORD }), expect: signedIn(), last: true },
  {
    method: 'POST',
    route: '/rest/users/logout_everywhere',
    expect: cells('unauthenticated'),
    last: true,
    note: "after the deletions just above every role's token is refused; a signed-in member's success, and what it ends, are tests/server/sessions.test.ts's",
  },
  { method: 'GET', route: '/rest/users/:username', path: (o) => `/rest/users/${o.victim.username}`, expect: signedIn() },
  { method: 'POST', route: '/rest/users/block/:username', path: (o) => `/rest/users/block/${o.bystander.username}`, expect: signedIn() },
  { method: 'POST', route: '/rest/users/unblock/:username', path: (o) => `/rest/users/unblock/${o.bystander.username}`, expect: signedIn() },
  { method: 'GET', route: '/rest/users/blocked', expect: signedIn() },
  { method: 'POST', route: '/content/api/auth/forgot-password', body: (o, role) => ({ email: o.emails[role] }), expect: PUBLIC, note: 'each role its own address (the anonymous the bystander\'s): five a day per address' },
  { method: 'POST', route: '/content/api/auth/reset-password', body: () => ({ code: 'code-inconnu', password: 'nouveau-mot-de-passe', passwordConfirmation: 'nouveau-mot-de-passe' }), expect: cells('invalid') },
  { method: 'GET', route: '/content/api/auth/email-confirmation', path: () => '/content/api/auth/email-confirmation?confirmation=code-inconnu', expect: cells('invalid') },
  { method: 'GET', route: '/rest/settings/notifications', expect: signedIn() },
  { method: 'PUT', route: '/rest/settings/notifications', body: () => ({}), expect: signedIn('invalid') },
  { method: 'GET', route: '/rest/settings/coaches', expect: signedIn() },
  { method: 'GET', route: '/rest/public/web-push-key', expect: PUBLIC },
  {
    method: 'POST',
    route: '/rest/settings/notifications/endpoint',
    body: () => ({ subscription: { endpoint: 'https://push.example.test/abc', keys: { p256dh: 'cle', auth: 'auth' } }, channel: 'WEB' }),
    expect: signedIn('invalid'),
  },
  { method: 'POST', route: '/rest/contact', body: () => ({ name: 'Curieux', email: 'curieux@example.test', subject: CONTACT_SUBJECTS[0], message: 'Bonjour, une question sur mon abonnement.' }), expect: PUBLIC },

  // ---- public pages and sign-up helpers ----
  { method: 'GET', route: '/rest/public/is_available', path: () => '/rest/public/is_available?email=libre@example.test', expect: PUBLIC },
  { method: 'GET', route: '/rest/public/nb_similar_username', path: () => '/rest/public/nb_similar_username?username=matrice', expect: PUBLIC },
  { method: 'GET', route: '/rest/public/captcha', expect: PUBLIC },
  { method: 'POST', route: '/rest/public/verify-recaptcha', body: () => ({ recaptchaToken: 'faux' }), expect: PUBLIC, note: 'answers success: false' },
  { method: 'GET', route: '/rest/public/countries', expect: PUBLIC },
  { method: 'GET', route: '/rest/public/payment_config', expect: PUBLIC },
  { method: 'GET', route: '/content/api/connect/google', expect: cells('redirect') },
  { method: 'GET', route: '/content/api/connect/google/redirect', expect: cells('redirect') },
  { method: 'GET', route: '/content/api/auth/google/callback', expect: cells('invalid'), note: 'no code from the provider' },
  { method: 'GET', route: '/content/local-idp/google', expect: devPage(), showsOthers: true },
  { method: 'GET', route: '/content/local-idp/google/authorize', expect: devPage('redirect') },
  { method: 'GET', route: '/content/dev/mailbox.json', expect: devPage(), showsOthers: true },
  { method: 'GET', route: '/content/dev/mailbox', expect: devPage(), showsOthers: true },
  { method: 'GET', route: '/sw.js', expect: PUBLIC },
  { method: 'GET', route: '/manifest.webmanifest', expect: PUBLIC },
  { method: 'GET', route: '/index.html', expect: PUBLIC },
  { method: 'GET', route: '/assets/index-Ab12Cd34.js', expect: PUBLIC },
  { method: 'GET', route: '/content/widgets/boutique', expect: PUBLIC },
  { method: 'GET', route: '/content/widgets/boutique/commande/:slug', path: () => '/content/widgets/boutique/commande/t-shirt-patience', expect: PUBLIC },
  { method: 'GET', route: '/content/widgets/avis', expect: PUBLIC },
  { method: 'GET', route: '/content/widgets/avis/ecrire', expect: PUBLIC },

  // ---- chat ----
  { method: 'GET', route: '/content/api/chatrooms', expect: signedIn() },
  { method: 'POST', route: '/rest/chat/rooms/:roomId/slow_mode', path: () => '/rest/chat/rooms/crypto/slow_mode', body: () => ({ seconds: 0 }), expect: moderatorsOnly() },
  { method: 'POST', route: '/rest/chat/toggle_pinned', body: (o) => ({ messageId: o.message, title: 'Épinglé par la matrice' }), expect: moderatorsOnly() },
  { method: 'GET', route: '/rest/chat/pinned_messages', path: () => '/rest/chat/pinned_messages?room=forex', expect: vipOnly() },
  { method: 'GET', route: '/rest/chat/search', path: () => '/rest/chat/search?room=prime&query=trade', expect: signedIn('forbidden', { prime: 'ok', coach: 'ok' }) },
  { method: 'POST', route: '/rest/chat/mention', body: () => ({ query: 'vi' }), expect: signedIn() },
  { method: 'GET', route: '/rest/chat/likes', path: (o) => `/rest/chat/likes?message=${o.primeMessage}`, expect: signedIn('forbidden', { prime: 'ok', coach: 'ok' }) },
  { method: 'POST', route: '/rest/chat/reports', body: (o) => ({ messageId: o.message, reason: 'spam' }), expect: vipOnly() },
  { method: 'GET', route: '/rest/chat/reports', expect: moderatorsOnly() },
  { method: 'POST', route: '/rest/chat/reports/:messageId/resolve', path: (o) => `/rest/chat/reports/${o.reportedMessage}/resolve`, body: () => ({ action: 'dismiss' }), expect: moderatorsOnly() },
  { method: 'POST', route: '/rest/chat/mutes', body: (o) => ({ userId: o.bystander.id, minutes: 10 }), expect: moderatorsOnly() },
  { method: 'DELETE', route: '/rest/chat/mutes/:userId', path: (o) => `/rest/chat/mutes/${o.bystander.id}`, expect: moderatorsOnly() },
  { method: 'GET', route: '/rest/chat/moderation_log', expect: moderatorsOnly() },
  { method: 'GET', route: '/rest/chat/rooms/:roomId/keyword_filters', path: () => '/rest/chat/rooms/forex/keyword_filters', expect: moderatorsOnly() },
  { method: 'PUT', route: '/rest/chat/rooms/:roomId/keyword_filters', path: () => '/rest/chat/rooms/indices/keyword_filters', body: () => ({ rules: [] }), expect: moderatorsOnly() },
  { method: 'GET', route: '/rest/chat/held_messages', expect: moderatorsOnly() },
  { method: 'POST', route: '/rest/chat/held_messages/:heldId/reject', path: (o) => `/rest/chat/held_messages/${o.heldMessage}/reject`, expect: moderatorsOnly() },
  { method: 'POST', route: '/rest/chat/held_messages/:heldId/approve', path: (o) => `/rest/chat/held_messages/${o.heldMessage}/approve`, expect: moderatorsOnly('not-found'), note: 'rejected by the row above' },
  { method: 'GET', route: '/rest/chat/notification_levels', expect: signedIn() },
  { method: 'PUT', route: '/rest/chat/rooms/:roomId/notification_level', path: () => '/rest/chat/rooms/prime/notification_level', body: () => ({ level: 'mentions' }), expect: signedIn('forbidden', { prime: 'ok', coach: 'ok' }) },
  { method: 'GET', route: '/rest/chat/read-state', expect: signedIn() },
  { method: 'GET', route: '/rest/chat/inbox', expect: signedIn() },
  { method: 'GET', route: '/rest/chat/state', expect: signedIn() },
  { method: 'POST', route: '/rest/chat/followings/toggle', body: (o) => ({ userId: o.bystander.id }), expect: signedIn() },

  // ---- alerts ----
  { method: 'GET', route: '/rest/alerts/v2', path: () => '/rest/alerts/v2?room=forex', expect: signedIn() },
  { method: 'GET', route: '/rest/alerts', path: () => '/rest/alerts?room=forex', expect: signedIn() },
  { method: 'POST', route: '/rest/alerts/v2', body: () => ({}), expect: signedIn() },
  { method: 'POST', route: '/rest/alerts', body: () => ({ title: 'Alerte de la matrice', room: 'forex', content: 'EUR/USD', sendMail: false }), expect: moderatorsOnly() },
  { method: 'POST', route: '/rest/alerts/:id/ack', path: (o) => `/rest/alerts/${o.alert}/ack`, expect: vipOnly({ coach: 'invalid' }), note: 'before the edit below, which ends its urgency; the coach wrote it' },
  { method: 'PUT', route: '/rest/alerts/:id', path: (o) => `/rest/alerts/${o.alert}`, body: () => ({ title: 'Modifiée', room: 'forex', content: VIP_TEXT }), expect: moderatorsOnly() },
  { method: 'POST', route: '/rest/alerts/:id/trade_updates', path: (o) => `/rest/alerts/${o.alert}/trade_updates`, body: () => ({ kind: 'tp1' }), expect: moderatorsOnly('invalid'), note: 'the alert has no trade: refused after the gate' },
  { method: 'GET', route: '/rest/alerts/:id/acks', path: (o) => `/rest/alerts/${o.alert}/acks`, expect: moderatorsOnly() },

  // ---- uploads ----
  { method: 'POST', route: '/rest/upload', form: NOTE, expect: signedIn() },
  {
    method: 'POST',
    route: '/rest/upload',
    case: 'a video (the staff only, spec 2 §6)',
    form: { type: 'video', name: 'video.webm', mime: 'video/webm', signature: [0x1a, 0x45, 0xdf, 0xa3], text: 'une vidéo de matrice' },
    expect: signedIn('forbidden', { coach: 'ok', staff: 'ok' }),
  },
  { method: 'GET', route: '/rest/upload/files/:id', path: (o) => `/rest/upload/files/${o.upload}`, expect: signedIn('forbidden') },

  // ---- private messages ----
  { method: 'GET', route: '/rest/conversations', expect: vipOnly() },
  { method: 'GET', route: '/rest/conversations/search', path: () => '/rest/conversations/search?query=vi', expect: vipOnly() },

  // ---- lives, formations, replays, content ----
  { method: 'GET', route: '/content/api/planning-plateformes', path: () => '/content/api/planning-plateformes?from=2026-01-05T00:00:00.000Z&to=2026-01-12T00:00:00.000Z', expect: signedIn() },
  { method: 'POST', route: '/rest/live/get_link', body: () => ({ roomId: 'live-us' }), expect: signedIn('forbidden', { live: 'ok', coach: 'ok' }) },
  { method: 'GET', route: '/rest/live/salle/:roomId', path: () => '/rest/live/salle/live-us', expect: signedIn('forbidden', { live: 'ok', coach: 'ok' }), note: 'was open to anyone (issue 23)' },
  { method: 'GET', route: '/content/api/platform-formations', expect: signedIn() },
  { method: 'GET', route: '/content/api/platform-formations/:id', path: (o) => `/content/api/platform-formations/${o.formation}`, expect: signedIn() },
  { method: 'GET', route: '/content/api/platform-formations/:id/cover.svg', path: (o) => `/content/api/platform-formations/${o.formation}/cover.svg`, expect: PUBLIC },
  { method: 'GET', route: '/content/api/platform-formations/:id/chapitres/:chapterId/video', path: (o) => `/content/api/platform-formations/${o.formation}/chapitres/${o.chapter}/video`, expect: signedIn() },
  {
    method: 'GET',
    route: '/content/api/platform-formations/:id',
    case: 'a Prime formation (its locked view)',
    path: (o) => `/content/api/platform-formations/${o.primeFormation}`,
    expect: signedIn(),
  },
  {
    method: 'GET',
    route: '/content/api/platform-formations/:id/chapitres/:chapterId/video',
    case: 'a Prime formation',
    path: (o) => `/content/api/platform-formations/${o.primeFormation}/chapitres/${o.primeChapter}/video`,
    expect: signedIn('forbidden', { prime: 'ok', coach: 'ok' }),
  },
  { method: 'GET', route: '/rest/formation/progress', expect: signedIn() },
  { method: 'GET', route: '/rest/formation/progress/:id', path: (o) => `/rest/formation/progress/${o.formation}`, expect: signedIn() },
  { method: 'PATCH', route: '/rest/formation/progress/update', body: (o) => ({ formationId: o.formation, chapterDone: 1 }), expect: signedIn() },
  {
    method: 'PATCH',
    route: '/rest/formation/progress/update',
    case: 'a Prime formation',
    body: (o) => ({ formationId: o.primeFormation, chapterDone: 1 }),
    expect: signedIn('forbidden', { prime: 'ok', coach: 'ok' }),
  },
  { method: 'GET', route: '/content/api/platform-replays', expect: signedIn() },
  { method: 'GET', route: '/content/api/platform-replays/:id/cover.svg', path: (o) => `/content/api/platform-replays/${o.replay}/cover.svg`, expect: PUBLIC },
  { method: 'GET', route: '/content/api/platform-replays/:id/video', path: (o) => `/content/api/platform-replays/${o.replay}/video`, expect: vipOnly() },
  { method: 'GET', route: '/rest/replays/positions', expect: signedIn() },
  { method: 'PUT', route: '/rest/replays/positions/:id', path: (o) => `/rest/replays/positions/${o.replay}`, body: () => ({ second: 12 }), expect: vipOnly() },
  { method: 'GET', route: '/content/api/landing-articles', expect: PUBLIC },
  { method: 'GET', route: '/content/api/landing-categories', expect: PUBLIC },
  { method: 'GET', route: '/content/api/landing-articles/:id/cover.svg', path: (o) => `/content/api/landing-articles/${o.article}/cover.svg`, expect: PUBLIC },
  { method: 'GET', route: '/content/api/landing-articles/:id/audio', path: (o) => `/content/api/landing-articles/${o.article}/audio`, expect: PUBLIC },
  { method: 'GET', route: '/content/api/article-media/:name', path: () => '/content/api/article-media/graphique-dax.svg', expect: PUBLIC },
  { method: 'GET', route: '/content/api/platform-tools', expect: signedIn() },
  { method: 'GET', route: '/content/api/platform-tools/:id', path: (o) => `/content/api/platform-tools/${o.tool}`, expect: signedIn() },
  { method: 'GET', route: '/content/api/platform-tools/:id/cover.svg', path: (o) => `/content/api/platform-tools/${o.tool}/cover.svg`, expect: PUBLIC },
  { method: 'GET', route: '/content/api/socials/:id/cover.svg', path: (o) => `/content/api/socials/${o.social}/cover.svg`, expect: PUBLIC },
  { method: 'POST', route: '/rest/tools/link', body: (o) => ({ toolId: o.tool, fileIndex: 0 }), expect: vipOnly() },
  { method: 'GET', route: '/rest/tools/download/:toolId/:fileIndex/:token', path: (o) => `/rest/tools/download/${o.tool}/0/jeton-faux`, expect: cells('forbidden') },
  { method: 'GET', route: '/rest/tools/download/*', path: () => '/rest/tools/download/x', expect: cells('invalid') },
  { method: 'GET', route: '/rest/polls/answers', expect: signedIn() },
  { method: 'POST', route: '/rest/polls/answer', body: () => ({ question: DEMO_POLL_QUESTION, answer: 1 }), expect: signedIn() },

  // ---- billing: every answer is the caller's own; the victim's objects answer 404 ----
  { method: 'GET', route: '/rest/settings/subscriptions', expect: signedIn() },
  { method: 'POST', route: '/rest/settings/cancel_subscription', body: () => ({}), expect: signedIn('invalid') },
  { method: 'GET', route: '/rest/settings/checknew', expect: signedIn() },
  { method: 'GET', route: '/rest/settings/invoices', expect: signedIn() },
  { method: 'GET', route: '/rest/settings/invoices/:ref/document', path: (o) => `/rest/settings/invoices/${o.invoice}/document`, expect: signedIn('not-found') },
  { method: 'GET', route: '/rest/settings/cards', expect: signedIn() },
  { method: 'POST', route: '/rest/settings/cards/add', body: () => ({}), expect: signedIn('invalid') },
  { method: 'DELETE', route: '/rest/settings/cards', body: (o) => ({ cardId: o.card }), expect: signedIn('not-found') },
  { method: 'POST', route: '/rest/settings/coupon', body: () => ({ coupon: 'INCONNU', productId: 1 }), expect: cells('invalid'), note: 'checked before a signed-out checkout too' },
  { method: 'POST', route: '/rest/settings/purchase', body: () => ({}), expect: signedIn('invalid') },
  { method: 'POST', route: '/rest/settings/create_crypto_payment', body: () => ({}), expect: signedIn('invalid') },
  { method: 'POST', route: '/rest/settings/paypal/order', body: () => ({}), expect: signedIn('invalid') },
  { method: 'POST', route: '/rest/settings/paypal/capture', body: (o) => ({ orderId: o.payment }), expect: signedIn('not-found') },
  { method: 'GET', route: '/rest/settings/upgrade', expect: signedIn('forbidden', { vip: 'ok', prime: 'ok', banni: 'ok', muted: 'ok', staff: 'ok' }), note: 'the price of the caller\'s own move to Live' },
  { method: 'POST', route: '/rest/settings/upgrade', body: () => ({}), expect: signedIn('invalid') },
  { method: 'GET', route: '/rest/billing/pay/:id', path: (o) => `/rest/billing/pay/${o.payment}`, expect: signedIn('not-found') },
  { method: 'POST', route: '/rest/billing/pay/:id', path: (o) => `/rest/billing/pay/${o.payment}`, body: () => ({ token: 'tok_visa' }), expect: signedIn('not-found') },
  { method: 'POST', route: '/rest/billing/stripe/webhook', body: () => ({}), expect: cells('not-found'), note: 'no Stripe keys: the endpoint answers nothing' },
  { method: 'POST', route: '/rest/local-pay/tokens', body: () => ({}), expect: devPage('invalid') },
  { method: 'POST', route: '/rest/local-pay/confirm', body: () => ({}), expect: devPage('invalid') },
  { method: 'GET', route: '/rest/local-pay/confirm', path: (o) => `/rest/local-pay/confirm?client_secret=${o.payment}`, expect: devPage('not-found') },
  { method: 'GET', route: '/rest/local-pay/paypal/:orderId', path: (o) => `/rest/local-pay/paypal/${o.payment}`, expect: devPage('not-found') },
  { method: 'POST', route: '/rest/local-pay/paypal/:orderId', path: (o) => `/rest/local-pay/paypal/${o.payment}`, body: () => ({ action: 'cancel' }), expect: devPage('not-found') },
  { method: 'GET', route: '/rest/local-pay/crypto/:id', path: (o) => `/rest/local-pay/crypto/${o.payment}`, expect: devPage('not-found') },
  { method: 'POST', route: '/rest/local-pay/crypto/:id', path: (o) => `/rest/local-pay/crypto/${o.payment}`, body: () => ({ action: 'cancel' }), expect: devPage('not-found') },
  { method: 'POST', route: '/rest/local-pay/run-renewals', body: () => ({}), expect: devPage() },
  { method: 'GET', route: '/rest/local-pay/connect', expect: devPage('invalid') },
  { method: 'POST', route: '/rest/local-pay/run-payouts', body: () => ({}), expect: devPage() },

  // ---- referrals: the caller's own programme ----
  { method: 'GET', route: '/rest/settings/affiliation', expect: signedIn() },
  { method: 'POST', route: '/rest/settings/affiliation', body: () => ({}), expect: signedIn() },
  { method: 'GET', route: '/rest/settings/parrainages', expect: signedIn() },
  { method: 'GET', route: '/rest/settings/virements', expect: signedIn() },
  { method: 'GET', route: '/rest/settings/stripe_connect/start', expect: signedIn('redirect') },
  { method: 'POST', route: '/rest/settings/set_stripe_connect', body: () => ({ code: 'code-inconnu' }), expect: signedIn('invalid') },
];

/** A GraphQL field and the document that asks it alone. */
export type GraphqlRow = { type: 'Query' | 'Mutation' | 'Subscription'; field: string; document: (role: Role) => string; expect: Expected };

/** The coaches' fields answer 'Accès refusé' to whoever is not one, signed in or not. */
const COACH_FIELD = moderatorsOnly('ok', { anonymous: 'forbidden' });

const planningSlot = '{ id: null, name: "Live de la matrice", speaker: "Camille", weekday: 3, startMinute: 600, durationMinutes: 60, roomClickId: null, directLink: null }';

export const GRAPHQL_ROWS: GraphqlRow[] = [
  { type: 'Query', field: 'adBanner', document: () => '{ adBanner { __typename } }', expect: PUBLIC },
  { type: 'Query', field: 'upsellBanner', document: () => '{ upsellBanner { __typename } }', expect: PUBLIC },
  { type: 'Query', field: 'boxes', document: () => '{ boxes { __typename } }', expect: PUBLIC },
  { type: 'Query', field: 'formationCategories', document: () => '{ formationCategories { __typename } }', expect: PUBLIC },
  { type: 'Query', field: 'currentPoll', document: () => '{ currentPoll { __typename } }', expect: PUBLIC },
  { type: 'Query', field: 'teamMembers', document: () => '{ teamMembers { __typename } }', expect: PUBLIC },
  { type: 'Query', field: 'replayCategories', document: () => '{ replayCategories }', expect: PUBLIC },
  { type: 'Query', field: 'planningSlots', document: () => '{ planningSlots { __typename } }', expect: COACH_FIELD },
  { type: 'Query', field: 'socials', document: () => '{ socials { __typename } }', expect: PUBLIC },
  { type: 'Query', field: 'landingPage', document: () => '{ landingPage(slug: "life") { __typename } }', expect: PUBLIC },
  { type: 'Query', field: 'siteLinks', document: () => '{ siteLinks { __typename } }', expect: PUBLIC },
  { type: 'Mutation', field: 'login', document: () => 'mutation { login(input: { identifier: "membre", password: "pas-le-bon" }) { jwt } }', expect: cells('invalid') },
  {
    type: 'Mutation',
    field: 'register',
    document: (role) => `mutation { register(input: { username: "matrice${role}", email: "matrice-${role}@example.test", password: "mot-de-passe-long" }) { jwt } }`,
    expect: PUBLIC,
  },
  { type: 'Mutation', field: 'savePlanningSlot', document: () => `mutation { savePlanningSlot(input: ${planningSlot}) { id } }`, expect: COACH_FIELD },
  {
    type: 'Mutation',
    field: 'publishReplay',
    document: (role) =>
      `mutation { publishReplay(input: { title: "Replay", slug: "replay-matrice-${role.toLowerCase()}", description: "", category: "Forex", authorId: null, video: "chapitre-1.webm", durationSeconds: null }) { id } }`,
    expect: COACH_FIELD,
  },
  {
    type: 'Mutation',
    field: 'publishArticle',
    document: (role) =>
      `mutation { publishArticle(input: { title: "Article", slug: "article-matrice-${role.toLowerCase()}", content: "Texte", withHtml: false, category: "Marchés", pictureUrl: null }) { id } }`,
    expect: COACH_FIELD,
  },
  { type: 'Subscription', field: 'liveChanged', document: () => 'subscription { liveChanged { __typename } }', expect: signedIn() },
  { type: 'Subscription', field: 'planningChanged', document: () => 'subscription { planningChanged { __typename } }', expect: signedIn() },
  { type: 'Subscription', field: 'replayPublished', document: () => 'subscription { replayPublished { __typename } }', expect: signedIn() },
];

/** A socket event and one payload of it; an event may have several rows (a room, a thread, a conversation). */
export type SocketRow = { event: string; case: string; payload: (o: Objects, role: Role) => unknown; expect: Expected };

/** Socket rows: the anonymous never connect (the handshake refuses them), so their column is 'unauthenticated'. */
const member = (others: Outcome, named: Partial<Record<Role, Outcome>> = {}): Expected => cells(others, { anonymous: 'unauthenticated', ...named });
/** Who may write in a VIP room: a running VIP, not banned, not muted. */
const VIP_WRITERS = member('ok', { ...each(NO_VIP, 'forbidden'), banni: 'forbidden', muted: 'forbidden' });

const clientId = (role: Role, what: string) => `matrice-${what}-${role}`;

export const SOCKET_ROWS: SocketRow[] = [
  { event: CLIENT_EVENTS.join, case: 'a VIP room', payload: () => ({ room: 'forex' }), expect: vipOnly() },
  { event: CLIENT_EVENTS.join, case: 'the Prime room', payload: () => ({ room: 'prime' }), expect: member('forbidden', { prime: 'ok', coach: 'ok' }) },
  { event: CLIENT_EVENTS.join, case: "another member's conversation", payload: (o) => ({ conversationId: o.conversation }), expect: member('not-found', each(NO_VIP, 'forbidden')) },
  { event: CLIENT_EVENTS.join, case: 'an alert', payload: (o) => ({ alertId: o.alert }), expect: vipOnly() },
  { event: CLIENT_EVENTS.leave, case: 'a room', payload: () => ({ room: 'forex' }), expect: member('ok') },
  { event: CLIENT_EVENTS.post, case: 'a VIP room', payload: (_o, role) => ({ clientId: clientId(role, 'forex'), content: 'Message de la matrice', room: 'forex' }), expect: VIP_WRITERS },
  { event: CLIENT_EVENTS.post, case: 'the Prime room', payload: (_o, role) => ({ clientId: clientId(role, 'prime'), content: 'Message de la matrice', room: 'prime' }), expect: member('forbidden', { prime: 'ok', coach: 'ok' }) },
  { event: CLIENT_EVENTS.post, case: "an alert's comments", payload: (o, role) => ({ clientId: clientId(role, 'comment'), content: 'Commentaire de la matrice', alertId: o.alert }), expect: VIP_WRITERS },
  { event: CLIENT_EVENTS.post, case: 'the ALL room (staff only)', payload: (_o, role) => ({ clientId: clientId(role, 'all'), content: 'Message de la matrice', room: 'all' }), expect: member('forbidden', { coach: 'ok', staff: 'ok' }) },
  { event: CLIENT_EVENTS.post, case: "another member's thread", payload: (o, role) => ({ clientId: clientId(role, 'thread'), content: 'Réponse de la matrice', parentMessage: o.message }), expect: VIP_WRITERS },
  // A ban and a mute close the rooms, not the messaging: the banned and the muted still reach the support there.
  {
    event: CLIENT_EVENTS.post,
    case: 'a first private message (a new conversation)',
    payload: (o, role) => ({ clientId: clientId(role, 'new-dm'), content: 'Bonjour', usersId: [String(o.bystander.id)] }),
    expect: member('ok', each(NO_VIP, 'forbidden')),
  },
  { event: CLIENT_EVENTS.post, case: "another member's conversation", payload: (o, role) => ({ clientId: clientId(role, 'dm'), content: 'Intrus', conversationId: o.conversation }), expect: member('not-found', each(NO_VIP, 'forbidden')) },
  { event: CLIENT_EVENTS.more, case: "another member's conversation", payload: (o) => ({ conversationId: o.conversation, cursor: null }), expect: member('not-found', each(NO_VIP, 'forbidden')) },
  { event: CLIENT_EVENTS.more, case: 'the Prime room', payload: () => ({ room: 'prime', cursor: null }), expect: member('forbidden', { prime: 'ok', coach: 'ok' }) },
  { event: CLIENT_EVENTS.like, case: 'a Prime message', payload: (o) => ({ alertId: o.primeMessage }), expect: member('forbidden', { prime: 'ok', coach: 'ok' }) },
  { event: CLIENT_EVENTS.join, case: "a Prime message's thread", payload: (o) => ({ parentMessage: o.primeMessage }), expect: member('forbidden', { prime: 'ok', coach: 'ok' }) },
  { event: CLIENT_EVENTS.more, case: "a Prime message's thread", payload: (o) => ({ parentMessage: o.primeMessage, cursor: null }), expect: member('forbidden', { prime: 'ok', coach: 'ok' }) },
  { event: CLIENT_EVENTS.like, case: "another member's message", payload: (o) => ({ alertId: o.message }), expect: vipOnly() },
  { event: CLIENT_EVENTS.unlike, case: "another member's message", payload: (o) => ({ alertId: o.message }), expect: vipOnly() },
  { event: CLIENT_EVENTS.edit, case: "another member's message", payload: (o, role) => ({ messageId: o.throwaway[role], content: 'Modifié par un autre' }), expect: member('forbidden', each(MODERATORS, 'ok')) },
  { event: CLIENT_EVENTS.edit, case: 'its own message (a muted member may not change it)', payload: (o, role) => ({ messageId: o.own[role], content: 'Modifié par son auteur' }), expect: VIP_WRITERS },
  { event: CLIENT_EVENTS.edit, case: "another member's private message", payload: (o) => ({ messageId: o.privateMessage, content: 'Modifié par un autre' }), expect: member('forbidden') },
  { event: CLIENT_EVENTS.delete, case: "another member's private message", payload: (o) => ({ alertId: o.privateMessage }), expect: member('forbidden') },
  { event: CLIENT_EVENTS.delete, case: "another member's message", payload: (o, role) => ({ alertId: o.throwaway[role] }), expect: member('forbidden', each(MODERATORS, 'ok')) },
  { event: MESSAGING_CLIENT_EVENTS.read, case: "another member's conversation", payload: (o) => ({ conversationId: o.conversation }), expect: member('not-found', each(NO_VIP, 'forbidden')) },
  { event: READ_CLIENT_EVENTS.markRead, case: 'the Prime room', payload: () => ({ room: 'prime' }), expect: member('forbidden', { prime: 'ok', coach: 'ok' }) },
  { event: READ_CLIENT_EVENTS.markUnread, case: 'a Prime message', payload: (o) => ({ messageId: o.primeMessage }), expect: member('forbidden', { prime: 'ok', coach: 'ok' }) },
  { event: READ_CLIENT_EVENTS.markAllRead, case: 'every readable room', payload: () => ({}), expect: member('ok') },
  { event: INBOX_CLIENT_EVENTS.follow, case: "another member's thread", payload: (o) => ({ parentMessage: o.message, follow: true }), expect: vipOnly() },
  { event: INBOX_CLIENT_EVENTS.markThreadRead, case: "another member's thread", payload: (o) => ({ parentMessage: o.message }), expect: vipOnly() },
];
