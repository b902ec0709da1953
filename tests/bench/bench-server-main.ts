import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open-database';
import { SERVER_EVENTS } from '../../src/contract/chat';

/**
 * The benchmark's server process: the very app of server/main.ts (no demo seed: the bench wrote
 * its own data) plus one probe — the moment (Date.now(), the clock the page's paint times are
 * converted to) the server pushes each burst message to its room, read back by the bench at
 * `GET /bench/pushes`. Taken on the server's own loop, so no client's load can delay the clock.
 */

/** Client ids of burst posts start with it (tests/bench/burst-senders.ts). */
const BURST_PREFIX = 'bench';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { app, io } = await buildApp({ ...config, db: database.db, uploadsDir: join(config.dataDir, 'uploads') });

const pushes: [id: string, at: number, room: string][] = [];
const adapter = io.of('/').adapter;
const broadcast = adapter.broadcast.bind(adapter);
adapter.broadcast = (packet: { data?: unknown[] }, options) => {
  const [event, payload] = packet.data ?? [];
  // One message, or the messages of a room written together (issue 25).
  const sent: unknown[] = event === SERVER_EVENTS.message ? (Array.isArray(payload) ? payload : [payload]) : [];
  for (const message of sent) {
    if (typeof message !== 'object' || message === null) continue;
    const { _id, room, clientId } = message as { _id?: unknown; room?: unknown; clientId?: unknown };
    if (typeof _id === 'string' && typeof room === 'string' && typeof clientId === 'string' && clientId.startsWith(BURST_PREFIX)) {
      pushes.push([_id, Date.now(), room]);
    }
  }
  broadcast(packet, options);
};
app.get('/bench/pushes', async () => pushes.splice(0));

// `BENCH_SERVER_PROFILE=file.cpuprofile`: the server's CPU profile over its whole run (where a
// burst's time goes on the server), written when it stops.
const profiler = process.env.BENCH_SERVER_PROFILE ? await startProfile(process.env.BENCH_SERVER_PROFILE) : null;

const shutdown = () => {
  (profiler?.stop() ?? Promise.resolve())
    .then(() => app.close())
    .then(() => database.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
};

async function startProfile(file: string): Promise<{ stop(): Promise<void> }> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
    },
  };
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
await app.listen({ port: config.port, host: config.host });
