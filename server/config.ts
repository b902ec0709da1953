import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { base64urlKey } from '../src/contract/account';
import type { SiteLinks } from '../src/contract/landing';
import type { StripeConfig } from './billing/billing-services';
import { PAYPAL_SANDBOX_URL, type PaypalConfig } from './billing/paypal-provider';
import { DEFAULT_SITE_LINKS } from './content/site-links';
import { DEFAULT_FLOOD_LIMITS, parseRate, type FloodLimits } from './chat/flood-control';
import { DEFAULT_CONNECTION_CAPS, type ConnectionCaps } from './realtime/connection-caps';
import { parseTrustProxy, type TrustProxy } from './http/client-address';

/** An address the client frames or links to: http(s), or a path of this server. */
function siteAddress(name: string) {
  return z.string().regex(/^(?:https?:\/\/[^\s/]+(?:\/\S*)?|\/(?!\/)\S*)$/, `${name} doit être une URL http(s) ou un chemin commençant par /`);
}

/** 'N/S': N actions per S seconds. */
function floodRate(name: string) {
  return z.string().transform((text, context) => {
    const rate = parseRate(text);
    if (rate === null) context.addIssue({ code: 'custom', message: `${name} s'écrit N/S (N actions par S secondes), par exemple 5/5` });
    return rate ?? DEFAULT_FLOOD_LIMITS.post;
  });
}

/** Every setting the server reads, decoded once at start (README "Configuration"). */
const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().url().optional(),
  UPLOADS_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z.string().min(1).default('loopback'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET doit faire au moins 32 caractères').optional(),
  STATIC_DIR: z.string().min(1).default('dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Comptoir <equipe@comptoir.test>'),
  CONTACT_EMAIL: z.string().email().default('equipe@comptoir.test'),
  PUBLIC_URL: z.string().url().optional(),
  MAILBOX_PAGE: z.enum(['0', '1']).optional(),
  REGISTER_LIMIT: z.coerce.number().int().min(1).max(100_000).default(5),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'une adresse redis:// ou rediss://').optional(),
  REDIS_PREFIX: z.string().regex(/^[\w.-]{1,40}$/, 'lettres, chiffres, « . », « _ » ou « - »').default('comptoir'),
  SOCKETS_PER_MEMBER: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_CONNECTION_CAPS.perMember),
  SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_CONNECTION_CAPS.perAddress),
  FLOOD_POSTS: floodRate('FLOOD_POSTS').optional(),
  FLOOD_LIKES: floodRate('FLOOD_LIKES').optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  VAPID_PUBLIC_KEY: z.optional(base64urlKey(65, 'VAPID_PUBLIC_KEY doit être une clé publique P-256 en base64 URL (65 octets)')),
  VAPID_PRIVATE_KEY: z.optional(base64urlKey(32, 'VAPID_PRIVATE_KEY doit être une clé privée P-256 en base64 URL (32 octets)')),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT doit être une adresse mailto: ou une URL https://')
    .optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'STRIPE_SECRET_KEY commence par sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'STRIPE_PUBLISHABLE_KEY commence par pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET commence par whsec_').optional(),
  STRIPE_CONNECT_CLIENT_ID: z.string().startsWith('ca_', 'STRIPE_CONNECT_CLIENT_ID commence par ca_').optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_API_URL: z.string().url().default(PAYPAL_SANDBOX_URL),
  LOCAL_PAYMENTS: z.enum(['0', '1']).optional(),
  RENEWAL_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(24 * 60).default(60),
  SHOP_URL: siteAddress('SHOP_URL').default(DEFAULT_SITE_LINKS.shopUrl),
  REVIEW_WIDGET_URL: siteAddress('REVIEW_WIDGET_URL').default(DEFAULT_SITE_LINKS.reviewWidgetUrl),
  REVIEW_URL: siteAddress('REVIEW_URL').default(DEFAULT_SITE_LINKS.reviewUrl),
}).refine((e) => (e.VAPID_PUBLIC_KEY === undefined) === (e.VAPID_PRIVATE_KEY === undefined), {
  message: 'VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY vont ensemble : donnez les deux ou aucune',
  path: ['VAPID_PRIVATE_KEY'],
});

export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  /**
   * Where members' files are kept: `DATA_DIR/uploads` unless `UPLOADS_DIR` says otherwise — the
   * deployment's processes on several machines share one (a network mount, issue 24).
   */
  uploadsDir: string;
  /** Whose `X-Forwarded-For` is believed (`TRUST_PROXY`): the balancers in front, never anyone. */
  trustProxy: TrustProxy;
  jwtSecret: string;
  staticDir: string;
  logLevel: z.infer<typeof environment>['LOG_LEVEL'];
  production: boolean;
  /** SMTP server URL (`smtp://user:pass@host:587`); otherwise e-mail stays in the local mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the contact form's messages go. */
  contactEmail: string;
  /** The address members reach the app at, for links in e-mails; the request's own origin when unset. */
  publicUrl: string | undefined;
  /** The development mailbox page (and the local Google provider): on outside production unless `MAILBOX_PAGE=0`, in production with `MAILBOX_PAGE=1` (end-to-end tests). */
  mailboxPage: boolean;
  /** Registrations allowed per address and hour (`REGISTER_LIMIT`; the browser tests raise it). */
  registerLimit: number;
  /** One member's posts per stream and likes (`FLOOD_POSTS`, `FLOOD_LIKES`: 'N/S'); writers of alerts get ten times as much. */
  floodLimits: FloodLimits;
  /** Redis (`REDIS_URL`): several processes share their broadcasts and flood limits through it (issue 24). */
  redisUrl: string | undefined;
  /** The keys' and streams' prefix in Redis (`REDIS_PREFIX`), for deployments sharing one. */
  redisPrefix: string;
  /** Open sockets per member and per address (`SOCKETS_PER_MEMBER`, `SOCKETS_PER_ADDRESS`; the load runs raise the second). */
  connectionCaps: ConnectionCaps;
  recaptcha: { secret: string; siteKey: string } | undefined;
  google: { clientId: string; clientSecret: string } | undefined;
  /**
   * The VAPID key pair web pushes are signed with; when unset, one is generated on first start and
   * kept in the database (server/push/vapid-keys.ts).
   */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** The contact the push services see (`mailto:` or `https://`); `mailto:` the team mailbox by default. */
  vapidSubject: string;
  /** Stripe for cards when its secret key is set (with the publishable key for the client). */
  stripe: StripeConfig | undefined;
  /** PayPal's Orders API when both its client id and secret are set. */
  paypal: PaypalConfig | undefined;
  /** The local payment providers (they grant for free): on outside production, or with `LOCAL_PAYMENTS=1`. */
  localPayments: boolean;
  /** How often the renewal job charges the plans due (0: never, e.g. when another process does it). */
  renewalIntervalMinutes: number;
  /** The shop framed on `/shop` and the review widget and page of `/profil/avis`; our demo pages by default. */
  siteLinks: SiteLinks;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuration invalide :\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY) throw new Error('Configuration invalide :\n  STRIPE_PUBLISHABLE_KEY: requis avec STRIPE_SECRET_KEY');
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    uploadsDir: e.UPLOADS_DIR ? resolve(e.UPLOADS_DIR) : join(dataDir, 'uploads'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    jwtSecret: e.JWT_SECRET ?? jwtSecretIn(dataDir),
    staticDir: resolve(e.STATIC_DIR),
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    mailboxPage: e.MAILBOX_PAGE === '1' || (e.MAILBOX_PAGE !== '0' && e.NODE_ENV !== 'production'),
    registerLimit: e.REGISTER_LIMIT,
    floodLimits: { post: e.FLOOD_POSTS ?? DEFAULT_FLOOD_LIMITS.post, like: e.FLOOD_LIKES ?? DEFAULT_FLOOD_LIMITS.like },
    connectionCaps: { perMember: e.SOCKETS_PER_MEMBER, perAddress: e.SOCKETS_PER_ADDRESS },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    recaptcha: e.RECAPTCHA_SECRET ? { secret: e.RECAPTCHA_SECRET, siteKey: e.RECAPTCHA_SITE_KEY ?? '' } : undefined,
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } : undefined,
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.CONTACT_EMAIL}`,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, connectClientId: e.STRIPE_CONNECT_CLIENT_ID }
        : undefined,
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET ? { clientId: e.PAYPAL_CLIENT_ID, clientSecret: e.PAYPAL_CLIENT_SECRET, apiUrl: e.PAYPAL_API_URL } : undefined,
    localPayments: e.LOCAL_PAYMENTS === '1' || (e.LOCAL_PAYMENTS !== '0' && e.NODE_ENV !== 'production'),
    renewalIntervalMinutes: e.RENEWAL_INTERVAL_MINUTES,
    siteLinks: { shopUrl: e.SHOP_URL, reviewWidgetUrl: e.REVIEW_WIDGET_URL, reviewUrl: e.REVIEW_URL },
  };
}

/** A random secret generated on first start and kept beside the data, so tokens survive restarts. */
function jwtSecretIn(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
