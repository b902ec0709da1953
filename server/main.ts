import type { FastifyBaseLogger } from 'fastify';
import type { BillingServices } from './billing/billing-services';
import { runRenewals } from './billing/renewals';
import { runReferralPayouts, type PayoutSender } from './referrals/referral-payouts';
import { loadConfig, type ServerConfig } from './config';
import { buildApp } from './app';
import { devPagesNotice } from './http/dev-pages';
import { openDatabase, type OpenDatabase } from './db/open-database';
import { onceAcrossProcesses, oneAtATime } from './db/once-across-processes';
import { seedDemoData } from './db/seed';
import { seedDemoFormations } from './learning/seed-formations';
import { seedDemoContent } from './content/seed-content';

/** `npm start`: open (and migrate) the database, seed the demo data once, listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { uploadsDir } = config;
  const { app, billing, payouts } = await buildApp({ ...config, db: database.db });
  // Processes of one deployment started together seed once: the first seeds, the next find it done.
  await oneAtATime(database, 'demo-data', async () => {
    if (await seedDemoData(database.db, new Date(), { uploadsDir })) app.log.info('demo data seeded');
    else {
      if (await seedDemoFormations(database.db)) app.log.info('demo formations seeded');
      const seeded = await seedDemoContent(database.db, new Date());
      if (seeded.length > 0) app.log.info({ seeded }, 'demo content seeded');
    }
  });
  const renewals = scheduleRenewals(database, billing, payouts, config, app.log);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(renewals);
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.host === '0.0.0.0' ? 'localhost' : config.host;
  app.log.info(`Comptoir sur http://${where}:${config.port} (${database.engine})`);
  const notice = devPagesNotice(config);
  if (notice) app.log.warn(notice);
  answerMemoryQuestions();
}

/**
 * Started by a load run with an IPC channel (tests/load/run-endurance.ts), the server answers its
 * 'memory' questions with its heap after a full collection (when started with --expose-gc).
 * Without a channel (npm start, production) nothing listens.
 */
function answerMemoryQuestions(): void {
  const send = process.send?.bind(process);
  if (!send) return;
  process.on('message', (question: unknown) => {
    if (question !== 'memory') return;
    (globalThis as { gc?: () => void }).gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    send({ memory: { heapUsed, rss } });
  });
}

/**
 * Every `RENEWAL_INTERVAL_MINUTES` (never when 0): charges the plans due, then the referral
 * payout (it pays the previous month once, so its first run of a month, on the 1st, pays).
 */
function scheduleRenewals(
  database: OpenDatabase,
  billing: BillingServices,
  payouts: PayoutSender,
  config: ServerConfig,
  log: FastifyBaseLogger,
): NodeJS.Timeout | undefined {
  if (config.renewalIntervalMinutes === 0) return undefined;
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  // One process of the deployment at a time runs each job (issue 24).
  const run = async () => {
    await onceAcrossProcesses(database, 'renewals', () => runRenewals(billing, new Date(), origin)).then(
      (outcome) => {
        if (outcome.ran && outcome.result.charged + outcome.result.failed > 0) log.info({ renewals: outcome.result }, 'renewals charged');
      },
      (error: unknown) => log.error({ err: error }, 'renewal job failed'),
    );
    await onceAcrossProcesses(database, 'referral-payouts', () => runReferralPayouts(billing.db, payouts, new Date())).then(
      (outcome) => {
        if (outcome.ran && outcome.result.payouts + outcome.result.freeMonthGrants + outcome.result.failed > 0) log.info({ payouts: outcome.result }, 'referral payouts made');
      },
      (error: unknown) => log.error({ err: error }, 'referral payout job failed'),
    );
  };
  void run();
  return setInterval(() => void run(), config.renewalIntervalMinutes * 60_000);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
