import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { CLIENT_EVENTS, freshMessageFields, SERVER_EVENTS, type ChatMessage } from '../src/contract/chat';
import { SOCKET_PATH } from '../src/contract/hosts';

/**
 * The load's floor (`npm run load`): a bare socket.io server on the same port and path as
 * Comptoir's, that accepts any token, joins rooms, and answers a post with a message of the
 * same shape — acknowledged, then broadcast to the room — with no database, no rights, nothing
 * else. The same generator and clients run against it: what is left is socket.io's and the
 * generator's own cost on this machine, the least any server could answer in.
 */

const port = Number(process.env.PORT ?? 3400);
const http = createServer();
const io = new Server(http, { path: SOCKET_PATH, serveClient: false, transports: ['websocket'] });
let seq = 0;

io.on('connection', (socket) => {
  socket.on(CLIENT_EVENTS.join, (payload: { room?: string }, ack?: (answer: unknown) => void) => {
    if (typeof payload?.room === 'string') void socket.join(`room:${payload.room}`);
    ack?.({ ok: true, lastSeq: seq, usersCount: 0 });
  });
  socket.on(CLIENT_EVENTS.post, (payload: { clientId?: string; room?: string; content?: string }, ack?: (answer: unknown) => void) => {
    const now = new Date().toISOString();
    const message: ChatMessage = {
      _id: randomUUID(),
      clientId: String(payload?.clientId ?? ''),
      room: String(payload?.room ?? ''),
      parentMessage: null,
      alertId: null,
      content: String(payload?.content ?? ''),
      date: now,
      seq: ++seq,
      sender: { id: 1, _id: '1', firstName: 'Membre', username: 'membre', picture: null, mention: null },
      ...freshMessageFields(),
    };
    ack?.({ message });
    io.to(`room:${message.room}`).emit(SERVER_EVENTS.message, message);
  });
});

http.listen(port, '127.0.0.1', () => console.log(`bare socket.io server on ${port}`));
process.once('SIGTERM', () => {
  io.close();
  process.exit(0);
});
