import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { INVALID_REQUEST } from '../chat/chat-access';
import { DATABASE_UNAVAILABLE, databaseRetryMs, isDatabaseUnavailable } from '../db/database-unavailable';
import { serverErrorMessage } from '../http/server-error';
import { containsNul, NUL_REFUSED } from '../routes/invalid-body';

type AckError = { error: string; retryAfterMs?: number };

/**
 * A socket event handler answered through its acknowledgement: `run` gets the raw payload (each
 * handler decodes it with its contract schema; one holding a NUL character is refused before),
 * and a failure inside is logged and answered 'Erreur lors de la requête (référence …)', never
 * thrown into socket.io.
 */
/** A contract schema, as the handlers use it. */
type Decoder<Input> = { safeParse(payload: unknown): { success: true; data: Input } | { success: false } };

export function ackedHandlers(log: FastifyBaseLogger, userId: number) {
  const acked = <Answer>(event: string, run: (payload: unknown) => Promise<Answer | AckError>) =>
    (...args: unknown[]): void => {
      // socket.io hands the acknowledgement last, after whatever the client sent: `emit(event,
      // callback)` without a payload puts it first, a client may send more arguments than one, or
      // no callback at all. The types cannot promise what the wire carries.
      const last = args.at(-1);
      const reply = typeof last === 'function' ? (answer: Answer | AckError) => void last(answer) : () => undefined;
      const input = typeof args[0] === 'function' ? undefined : args[0];
      // NUL anywhere in a payload is refused before a handler reads it, as in a request
      // (server/app.ts): PostgreSQL text cannot hold one ('more messages' of a conversation named
      // "a\u0000b" was a server failure).
      if (containsNul(input)) return reply({ error: NUL_REFUSED });
      run(input)
        .catch((error: unknown): AckError => {
          // The database out of reach: not refused, the client waits and sends again (its outbox keeps the post).
          if (isDatabaseUnavailable(error)) {
            log.warn({ err: error, event, userId }, 'socket event waits for the database');
            return { error: DATABASE_UNAVAILABLE, retryAfterMs: databaseRetryMs() };
          }
          // As a failed request: the member reads a reference the log line carries, nothing of the internals.
          const reference = randomUUID().slice(0, 8);
          log.error({ err: error, event, userId, reqId: reference }, 'socket event failed');
          return { error: serverErrorMessage(reference) };
        })
        .then(reply)
        .catch((error: unknown) => log.error({ err: error, event }, 'acknowledgement failed'));
    };
  /** The same, `run` given the payload decoded by `schema`: one that does not decode is answered 'Requête invalide'. */
  const decoded = <Input, Answer>(event: string, schema: Decoder<Input>, run: (input: Input) => Promise<Answer | AckError>) =>
    acked<Answer>(event, async (payload) => {
      const input = schema.safeParse(payload);
      return input.success ? run(input.data) : { error: INVALID_REQUEST };
    });
  return Object.assign(acked, { decoded });
}

export type Acked = ReturnType<typeof ackedHandlers>;
