import { join } from 'node:path';
import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/open-database';
import { seedDemoData } from './db/seed';

/** `npm start`: open (and migrate) the database, seed the demo data once, listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const uploadsDir = join(config.dataDir, 'uploads');
  const { app } = await buildApp({ ...config, db: database.db, uploadsDir });
  if (await seedDemoData(database.db, new Date(), { uploadsDir })) app.log.info('demo data seeded');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
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
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
