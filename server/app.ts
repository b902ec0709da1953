import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Agent } from 'node:https';
import { join, relative, sep } from 'node:path';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import { createSessionEnds } from './auth/session-ends';
import { claimFirst, connectRedis } from './realtime/shared-redis';
import { createLimits } from './http/shared-limits';
import { stopCounting } from './chat/chat-broadcast';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { z } from 'zod/mini';
import { GRAPHQL_PATH, SERVER_PATHS } from '../src/contract/hosts';
import type { ServerConfig } from './config';
import type { Database } from './db/open-database';
import { registerGraphqlRoute } from './graphql/graphql-route';
import type { AccountServices } from './accounts/account-services';
import { localMailbox } from './mail/local-mailbox';
import type { MailProvider } from './mail/mail-provider';
import { smtpMailer } from './mail/smtp-mailer';
import type { PushProvider } from './push/push-provider';
import { vapidKeysFor } from './push/vapid-keys';
import { webPushSender } from './push/web-push-sender';
import { attachSocketServer, type ComptoirIo } from './realtime/socket-server';
import { createFloodControl } from './chat/flood-control';
import { registerAlertRoutes } from './routes/alert-routes';
import { registerChatRoomRoutes } from './routes/chat-room-routes';
import { registerChatRoutes } from './routes/chat-routes';
import { registerReportRoutes } from './routes/report-routes';
import { registerModerationRoutes } from './routes/moderation-routes';
import { registerKeywordFilterRoutes } from './routes/keyword-filter-routes';
import { registerRoomLevelRoutes } from './routes/room-level-routes';
import { createChatPushes } from './push/chat-pushes';
import { registerReadStateRoutes } from './chat/read-state-handlers';
import { registerInboxRoutes } from './chat/inbox-handlers';
import { registerDevMailboxRoutes } from './routes/dev-mailbox-routes';
import type { RoomPostsOptions } from './chat/room-posts';
import { createBillingServices, type BillingOptions, type BillingServices } from './billing/billing-services';
import { registerBillingRoutes } from './routes/billing-routes';
import { registerLocalPayRoutes } from './routes/local-pay-routes';
import { registerStripeWebhookRoutes } from './routes/stripe-webhook-routes';
import { localPayoutAccounts, stripePayoutAccounts } from './billing/stripe-connect';
import { registerSecurityHeaders } from './http/security-headers';
import { registerDevPageGuard } from './http/dev-pages';
import { clientErrorMessage, serverErrorMessage } from './http/server-error';
import { DATABASE_UNAVAILABLE, databaseRetryMs, isDatabaseUnavailable } from './db/database-unavailable';
import { containsNul, NUL_REFUSED } from './routes/invalid-body';
import type { SiteLinks } from '../src/contract/landing';
import { registerStripeConnectRoutes } from './billing/stripe-connect-routes';
import { registerAffiliationRoutes } from './referrals/affiliation-routes';
import { localPayoutSender, stripePayoutSender, type PayoutSender } from './referrals/referral-payouts';
import { readableRoomIds } from './chat/chat-access';
import { readersChannel, userChannel } from './realtime/channels';
import { findUserById } from './users/user-queries';
import { registerPasswordRoutes } from './routes/password-routes';
import { registerProfileRoutes } from './routes/profile-routes';
import { registerSettingsRoutes } from './routes/settings-routes';
import { registerContactRoutes } from './routes/contact-routes';
import { registerGoogleRoutes } from './routes/google-routes';
import { localCaptcha, recaptcha } from './accounts/captcha';
import { registerLiveRoutes } from './routes/live-routes';
import { registerLearningRoutes } from './learning/learning-routes';
import { registerPublicRoutes } from './routes/public-routes';
import { MULTIPART_OPTIONS, registerUploadRoutes } from './routes/upload-routes';
import { registerUserBlockRoutes } from './routes/user-block-routes';
import { registerUserProfileRoutes } from './routes/user-profile-routes';
import { registerConversationRoutes } from './routes/conversation-routes';
import { registerFollowingRoutes } from './routes/following-routes';
import { registerUsersMeRoutes } from './routes/users-me-routes';
import { DEMO_MEDIA_DIR } from './learning/learning-routes';
import { registerArticleRoutes } from './content/article-routes';
import { registerPollRoutes } from './content/poll-routes';
import { registerReplayRoutes } from './content/replay-routes';
import { registerToolRoutes } from './content/tool-routes';
import { DEFAULT_SITE_LINKS } from './content/site-links';
import { registerSocialRoutes } from './content/social-routes';
import { registerWidgetRoutes } from './content/widget-routes';
import { refusalPage, registerToolDownloadRoutes, TOOL_DOWNLOAD_ROUTE } from './content/tool-download-routes';
import { createContentEvents, type ContentPubSub } from './graphql/content-events';
import { attachContentSubscriptions, type ContentSubscriptions } from './graphql/content-subscriptions';
import { createLiveNotifier } from './lives/live-notifier';
import { trustFunction } from './http/client-address';
import { NOT_FOUND } from '../src/contract/api-error';

/** Vite's output under `assets/`: every name carries its content's hash. */
const isHashedAsset = (staticDir: string, path: string): boolean => relative(staticDir, path).startsWith(`assets${sep}`);

export type AppOptions = Pick<ServerConfig, 'jwtSecret' | 'staticDir' | 'logLevel'> & Partial<Pick<ServerConfig, 'trustProxy'>> & {
  db: Database;
  /** Where `POST /upload` keeps the files (`${DATA_DIR}/uploads`). */
  uploadsDir: string;
  /** How e-mail leaves: the local mailbox (`mail_outbox`) unless a real provider is given. */
  mail?: MailProvider;
  /** How web pushes leave: through the members' push services (web-push) unless another is given. */
  push?: PushProvider;
  /** The HTTPS agent web pushes go through (the tests trust their local push service with it). */
  pushAgent?: Agent;
  /** Where the formations' and replays' videos are read (`server/demo-media` by default). */
  mediaDir?: string;
  /** The clock account codes expire by (tests move it); the real one by default. */
  now?: () => Date;
  /** Where the log lines go (standard output by default); tests read them. */
  logStream?: { write(line: string): void };
  /** The rooms' group commit and overload thresholds (room-posts.ts); tests tighten them. */
  roomPosts?: Partial<Omit<RoomPostsOptions, 'announce'>>;
} & Partial<
  Pick<
    ServerConfig,
    | 'smtpUrl'
    | 'mailFrom'
    | 'contactEmail'
    | 'publicUrl'
    | 'mailboxPage'
    | 'recaptcha'
    | 'google'
    | 'registerLimit'
    | 'floodLimits'
    | 'connectionCaps'
    | 'redisUrl'
    | 'redisPrefix'
    | 'vapid'
    | 'vapidSubject'
    | 'stripe'
    | 'paypal'
    | 'localPayments'
    | 'siteLinks'
    | 'production'
  >
> &
  Pick<BillingOptions, 'stripeEndpoint' | 'paypalFetch'>;
/** A route as registered: fastify's HEAD twins of GET routes are left out (they answer as their GET). */
export type RegisteredRoute = { method: string; url: string };

export type ComptoirServer = {
  app: FastifyInstance;
  /** Every route the server registered, in order, one per method (the authorization matrix and the bad-input properties walk them). */
  routes: readonly RegisteredRoute[];
  io: ComptoirIo;
  billing: BillingServices;
  /** Pays the referral commissions (Stripe transfers with keys, local otherwise): the monthly payout job's. */
  payouts: PayoutSender;
  /** The content host's subscription events (graphql-ws) and its connections. */
  content: { events: ContentPubSub; subscriptions: ContentSubscriptions };
};

/**
 * Prefixes that are API, never the client app: an unknown path there is a JSON 404. The service
 * worker leaves the same paths to the network (src/sw/app-shell-route.ts).
 */
const API_PREFIXES = SERVER_PATHS.map((path) => `${path}/`);

/** The whole server, not yet listening: routes, GraphQL, socket.io and the built client. */
/**
 * A payload refused by a schema without a message of its own is answered in French, never in
 * zod's English (the contract's own messages are French already).
 */
z.config(z.locales.fr());

/**
 * An address the router cannot decode (`%zz`, a segment past 100 characters): a download link
 * answers its French page, any other path a French 4xx.
 */
function answerBadUrl(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (request.url.startsWith(`${TOOL_DOWNLOAD_ROUTE}/`)) return refusalPage(reply, 'malformed');
  return reply.code(error.statusCode ?? 400).send({ error: 'Requête invalide : adresse mal formée' });
}

/**
 * NUL in an address, a query or a body (`/rest/users/a%00b`, `{"orderId":"a\u0000b"}`): refused
 * before any route reads it, as the router refuses an address it cannot decode (PostgreSQL text
 * cannot hold one: it was a 500). GraphQL answers it in its own shape (graphql-input.ts).
 */
async function refuseNul(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const body = request.routeOptions.url === GRAPHQL_PATH ? undefined : request.body;
  if (!containsNul(request.params) && !containsNul(request.query) && !containsNul(body)) return undefined;
  if (request.url.startsWith(`${TOOL_DOWNLOAD_ROUTE}/`)) return refusalPage(reply, 'malformed');
  return reply.code(400).send({ error: NUL_REFUSED });
}

/** Origins other than ours the shop and the review widget are framed from (absolute SHOP_URL, REVIEW_WIDGET_URL). */
function framedOrigins(links: SiteLinks, publicUrl: string | undefined): string[] {
  const ours = publicUrl ? new URL(publicUrl).origin : null;
  return [links.shopUrl, links.reviewWidgetUrl].flatMap((link) => {
    if (!/^https?:\/\//.test(link)) return [];
    const origin = new URL(link).origin;
    return origin === ours ? [] : [origin];
  });
}

export async function buildApp(options: AppOptions): Promise<ComptoirServer> {
  const app = Fastify({
    logger: {
      level: options.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Tokens and cookies never reach the logs.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'req.body.variables'],
    },
    bodyLimit: 1024 * 1024,
    // One line per request (below), not fastify's two ('incoming request', 'request completed').
    logController: new LogController({ disableRequestLogging: true }),
    // A random id per request, never the caller's: the logs and the French 5xx message share it.
    genReqId: () => randomUUID().slice(0, 8),
    requestIdHeader: false,
    // The balancers' forwarded address is believed, no one else's (default: a proxy on this machine).
    trustProxy: trustFunction(options.trustProxy ?? ['loopback']),
    frameworkErrors: answerBadUrl,
  });
  // First of all: the hook sees only the routes registered after it.
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ method: request.method, url: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
  // Before any route: a route takes the error handler of its context when it is registered.
  app.setErrorHandler((error, request, reply) => {
    const status = typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, reqId: request.id }, 'request waits for the database');
      return reply.code(503).header('Retry-After', String(Math.ceil(databaseRetryMs() / 1000))).send({ error: DATABASE_UNAVAILABLE });
    }
    if (status >= 500) {
      // Logged in full with the request's id; the caller gets the id and nothing of the internals.
      request.log.error({ err: error, reqId: request.id }, 'request failed');
      return reply.code(status).send({ error: serverErrorMessage(request.id) });
    }
    // Malformed JSON, too large a body and the like: a clear French answer, never a stack.
    return reply.code(status).send({ error: clientErrorMessage(error) });
  });
  app.addHook('preValidation', refuseNul);
  const siteLinks = options.siteLinks ?? DEFAULT_SITE_LINKS;
  await registerSecurityHeaders(app, {
    stripe: options.stripe !== undefined,
    paypal: options.paypal !== undefined,
    recaptcha: options.recaptcha !== undefined,
    framed: framedOrigins(siteLinks, options.publicUrl),
    production: options.production ?? false,
  });
  // One algorithm, pinned both ways: a token signed otherwise ('none', RS256 with our secret as a key…) is refused.
  await app.register(fastifyJwt, { secret: options.jwtSecret, sign: { algorithm: 'HS256' }, verify: { algorithms: ['HS256'] } });
  registerDevPageGuard(app, options.db);
  await app.register(fastifyMultipart, MULTIPART_OPTIONS);

  const { db } = options;
  const mail = options.mail ?? (options.smtpUrl ? smtpMailer(options.smtpUrl, options.mailFrom ?? 'equipe@comptoir.test') : localMailbox(db));
  const contactEmail = options.contactEmail ?? 'equipe@comptoir.test';
  const vapid = await vapidKeysFor(db, { vapid: options.vapid, vapidSubject: options.vapidSubject ?? `mailto:${contactEmail}` });
  const push = options.push ?? webPushSender(db, vapid, { log: app.log, ...(options.pushAgent ? { agent: options.pushAgent } : {}) });
  // Mentions, replies in followed threads, private messages and lives starting (issue 22).
  const chatPushes = createChatPushes(db, push, app.log);
  // Before the routes: they announce changes and count connected members through it.
  const sessions = createSessionEnds();
  const redis = options.redisUrl ? await connectRedis(options.redisUrl, options.redisPrefix ?? 'comptoir', app.log) : undefined;
  // Throttles and flood limits, shared by the deployment's processes through Redis when it has one.
  const limits = createLimits(redis);
  const io = attachSocketServer(app, db, {
    flood: createFloodControl(options.floodLimits, limits),
    pushes: chatPushes,
    roomPosts: options.roomPosts,
    sessions,
    caps: options.connectionCaps,
    redis,
    trustProxy: options.trustProxy ?? ['loopback'],
  });
  const accounts: AccountServices = {
    app,
    db,
    mail,
    vapidPublicKey: vapid.publicKey,
    uploadsDir: options.uploadsDir,
    now: options.now ?? (() => new Date()),
    sessions,
    limits,
    contactEmail,
    publicUrl: options.publicUrl,
    mailboxPage: options.mailboxPage ?? true,
    registerLimit: options.registerLimit ?? 5,
    recaptcha: options.recaptcha,
    google: options.google,
  };
  const mediaDir = options.mediaDir ?? DEMO_MEDIA_DIR;
  const contentEvents = await createContentEvents(redis, app.log);
  // Every process reaches a live's start; the first to claim it sends its pushes.
  const lives = createLiveNotifier(db, contentEvents, accounts.now, app.log, (started, at) =>
    void claimFirst(redis, started, (live) => `live-start:${live.id}:${live.attributes.date}`, 24 * 60 * 60, app.log).then((ours) => chatPushes.livesStarted(ours, at)),
  );
  registerGraphqlRoute(app, accounts, { db, events: contentEvents, lives, mediaDir, now: accounts.now, siteLinks });
  const contentSubscriptions = attachContentSubscriptions(app, db, contentEvents, accounts.now);
  sessions.onEnded((userId) => contentSubscriptions.closeConnectionsOf(userId));
  registerUsersMeRoutes(app, db);
  registerChatRoomRoutes(app, db, io);
  registerLiveRoutes(app, db);
  registerLearningRoutes(app, db, { mediaDir, now: accounts.now });
  registerReplayRoutes(app, db, { mediaDir, now: accounts.now });
  registerArticleRoutes(app, db, { now: accounts.now });
  registerToolRoutes(app, db);
  registerSocialRoutes(app, db);
  registerWidgetRoutes(app, siteLinks);
  registerToolDownloadRoutes(app, db, { secret: options.jwtSecret, now: accounts.now });
  registerPollRoutes(app, db);
  registerPublicRoutes(app, db, limits, options.recaptcha ? recaptcha(options.recaptcha) : localCaptcha(accounts.now));
  registerChatRoutes(app, db, io);
  registerReportRoutes(app, db, io);
  registerModerationRoutes(app, db, io);
  registerKeywordFilterRoutes(app, db, io, chatPushes);
  registerRoomLevelRoutes(app, db, io);
  registerReadStateRoutes(app, db);
  registerInboxRoutes(app, db);
  registerAlertRoutes(app, db, io, { mail, push });
  registerUploadRoutes(app, db, options.uploadsDir);
  registerUserBlockRoutes(app, db);
  registerUserProfileRoutes(app, db);
  registerConversationRoutes(app, db);
  registerFollowingRoutes(app, db);
  registerPasswordRoutes(accounts);
  registerProfileRoutes(accounts);
  registerSettingsRoutes(accounts);
  registerContactRoutes(accounts);
  registerGoogleRoutes(accounts);
  registerDevMailboxRoutes(accounts);
  const billing = await createBillingServices({
    app,
    db,
    mail,
    now: accounts.now,
    publicUrl: options.publicUrl,
    limits,
    secret: options.jwtSecret,
    localPayments: options.localPayments ?? true,
    stripe: options.stripe,
    stripeEndpoint: options.stripeEndpoint,
    paypal: options.paypal,
    paypalFetch: options.paypalFetch,
    // A new subscription opens rooms: the member's open sockets start hearing their alerts at once.
    onEntitled: async (userId) => {
      const user = await findUserById(db, userId);
      if (!user) return;
      const roomIds = await readableRoomIds(db, user, accounts.now());
      io.in(userChannel(userId)).socketsJoin(roomIds.map(readersChannel));
    },
  });
  registerBillingRoutes(billing);
  registerLocalPayRoutes(billing);
  await registerStripeWebhookRoutes(billing);
  registerStripeConnectRoutes(billing, billing.stripe ? stripePayoutAccounts(billing.stripe.client.oauth) : billing.localPayments ? localPayoutAccounts() : null);
  const payouts = billing.stripe ? stripePayoutSender(billing.stripe.client.transfers) : localPayoutSender();
  registerAffiliationRoutes(billing, { connectClientId: options.stripe?.connectClientId, payouts });

  const indexHtml = join(options.staticDir, 'index.html');
  const hasClient = existsSync(indexHtml);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: options.staticDir,
      wildcard: false,
      index: false,
      // The build's assets are named by their content: cached for good, never asked again. The
      // other files (the service worker, index.html, the manifest, icons) are checked at each use,
      // so a new deployment's worker is found at the next check and installs the new version.
      cacheControl: false,
      setHeaders: (response, path) => response.setHeader('Cache-Control', isHashedAsset(options.staticDir, path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix);
    if (!isApi && hasClient && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes: the app decides what the path means.
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: NOT_FOUND });
  });

  // Armed once ready: `npm start` seeds the programme after building the app.
  app.addHook('onReady', () => lives.start());
  // Before the HTTP server closes: its upgraded WebSockets would keep it open.
  app.addHook('preClose', async () => {
    lives.close();
    contentEvents.close();
    await contentSubscriptions.close();
  });
  app.addHook('onClose', async () => {
    await stopCounting(io);
    await io.close();
    // The departures of the sockets just closed may have asked for counts too.
    await stopCounting(io);
    await redis?.close();
  });
  return { app, routes, io, billing, payouts, content: { events: contentEvents, subscriptions: contentSubscriptions } };
}
