import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { GraphQLError, Kind, parse, subscribe, validate, type DocumentNode } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import { contentConnectionParams } from '../../src/contract/content-events';
import { GRAPHQL_PATH } from '../../src/contract/hosts';
import { userFromToken } from '../auth/tokens';
import type { Database } from '../db/open-database';
import type { UserRow } from '../users/user-queries';
import type { ContentPubSub } from './content-events';
import { contentSchema, type ContentContext } from './content-schema';
import { subscriptionRoot } from './live-content-schema';

export type ContentSubscriptions = {
  /** Open WebSocket connections (tests wait on them). */
  connections(): number;
  /** Closes a member's connections (their sessions ended): the client connects again with the token it holds. */
  closeConnectionsOf(userId: number): void;
  /** Ends every connection and stops accepting new ones. */
  close(): Promise<void>;
};

/**
 * graphql-ws on the content host's GraphQL path, on the HTTP server's own port beside socket.io
 * (FACTS.md: `noServer` and upgrades routed by path; socket.io keeps its own). A connection must
 * send `{ token }` of a member as its connection params, or it is closed (4403). Only
 * subscriptions travel here; queries and mutations stay on `POST /content/graphql`.
 */
export function attachContentSubscriptions(app: FastifyInstance, db: Database, events: ContentPubSub, now: () => Date): ContentSubscriptions {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathOf(request.url) !== GRAPHQL_PATH) return;
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  app.server.on('upgrade', onUpgrade);

  // graphql-ws is handed our own graphql functions: under vitest its `import 'graphql'` may resolve
  // to another build than ours, and a schema only works with the functions of its own build.
  const syntaxErrors = new WeakMap<DocumentNode, GraphQLError>();
  // Each accepted connection's member.
  const members = new Map<WebSocket, number>();
  const server = useServer<Record<string, unknown> | undefined, { user: UserRow }>(
    {
      schema: contentSchema,
      roots: { subscription: subscriptionRoot(events, { db, now }) },
      async onConnect(ctx) {
        const params = contentConnectionParams.safeParse(ctx.connectionParams);
        if (!params.success) return false;
        const user = await userFromToken(app, db, params.data.token).catch((error: unknown) => {
          app.log.error({ err: error }, 'graphql-ws connection failed');
          return null;
        });
        if (!user) return false;
        ctx.extra.user = user;
        members.set(ctx.extra.socket, user.id);
        ctx.extra.socket.once('close', () => members.delete(ctx.extra.socket));
        return true;
      },
      context(ctx): ContentContext {
        const user = ctx.extra.user ?? null;
        return { ip: ctx.extra.request.socket.remoteAddress ?? '', origin: '', log: app.log, user: () => Promise.resolve(user), referralCodes: [] };
      },
      // A syntax error is answered as an error of the operation, not by closing the socket.
      parse(source) {
        try {
          return parse(source);
        } catch (error) {
          const empty: DocumentNode = { kind: Kind.DOCUMENT, definitions: [] };
          syntaxErrors.set(empty, error instanceof GraphQLError ? error : new GraphQLError('Requête GraphQL invalide'));
          return empty;
        }
      },
      validate(schema, document) {
        const syntax = syntaxErrors.get(document);
        return syntax ? [syntax] : validate(schema, document);
      },
      subscribe,
      // Queries and mutations stay on `POST /content/graphql`.
      execute: () => ({ errors: [new GraphQLError('Seules les souscriptions passent par le WebSocket')] }),
    },
    wss,
  );

  return {
    connections: () => wss.clients.size,
    closeConnectionsOf(userId) {
      for (const [socket, member] of members) if (member === userId) socket.close(FORBIDDEN, 'Forbidden');
    },
    async close() {
      app.server.off('upgrade', onUpgrade);
      // Closed at once: a polite close waits for each client's answer, and tests must not hang.
      for (const client of wss.clients) client.terminate();
      await server.dispose();
    },
  };
}

/** graphql-ws's close code for a refused connection: its client tries again, with the token it holds then. */
const FORBIDDEN = 4403;

const pathOf = (url: string | undefined): string => (url ?? '').split('?')[0] ?? '';
