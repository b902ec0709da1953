import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Server as HttpServer } from 'node:http';
import { createServer } from 'node:net';
import { SOCKET_PATH } from '../../src/contract/hosts';
import { ENTRY_PORT_VARIABLE, type SocketCensus } from './node-census';

/**
 * Loaded (`node --import`) into each server process `npm run cluster` starts, before
 * `server/dist/main.js`, which it leaves untouched. Once the app's HTTP server listens on the
 * node's own port, the process also takes connections on the deployment's entry port: that
 * listener is a node:cluster worker's, so the command (the cluster's primary) owns the port and
 * deals its connections in turn to the nodes alive, and a node that dies stops being dealt any.
 * Each connection taken there is handed to the app's server as its own (`'connection'`, which
 * Node documents for injecting connections).
 *
 * It also counts the node's open socket.io connections, through the entry and straight, for the
 * command (`RunningCluster.sockets()`).
 */

const LISTENED = 'tracing:net.server.listen:asyncEnd';
const ownPort = Number(process.env.PORT);
const entryPort = Number(process.env[ENTRY_PORT_VARIABLE] ?? '');

subscribe(LISTENED, onListened);

function onListened(message: unknown): void {
  const server = typeof message === 'object' && message !== null && 'server' in message ? message.server : undefined;
  if (!(server instanceof HttpServer)) return;
  const address = server.address();
  if (typeof address !== 'object' || address === null || address.port !== ownPort) return;
  unsubscribe(LISTENED, onListened);
  const fromEntry = new WeakSet<object>();
  countSockets(server, fromEntry);
  if (Number.isInteger(entryPort) && entryPort > 0) joinEntry(server, address.address, fromEntry);
}

function joinEntry(app: HttpServer, host: string, fromEntry: WeakSet<object>): void {
  const entry = createServer((socket) => {
    fromEntry.add(socket);
    app.emit('connection', socket);
  });
  entry.once('error', (error) => {
    console.error(`Port d'entrée ${entryPort} : ${error.message}`);
    process.exit(1);
  });
  entry.listen(entryPort, host);
  // A node shutting down takes no more connections from the entry: the others get them.
  const leave = () => {
    if (entry.listening) entry.close();
  };
  app.once('close', leave);
  process.once('SIGTERM', leave);
  process.once('SIGINT', leave);
}

function countSockets(app: HttpServer, fromEntry: WeakSet<object>): void {
  const send = process.send?.bind(process);
  if (!send) return;
  const census: SocketCensus = { type: 'comptoir:sockets', entry: 0, direct: 0 };
  // One message per turn of the event loop at most, whatever the number of changes.
  let due = false;
  const report = () => {
    if (due) return;
    due = true;
    setImmediate(() => {
      due = false;
      if (process.connected) send(census);
    });
  };
  app.on('upgrade', (request, socket) => {
    if (!request.url?.startsWith(`${SOCKET_PATH}/`)) return;
    const way = fromEntry.has(socket) ? 'entry' : 'direct';
    census[way] += 1;
    report();
    socket.once('close', () => {
      census[way] -= 1;
      report();
    });
  });
}
