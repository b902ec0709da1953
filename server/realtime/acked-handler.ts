import type { FastifyBaseLogger } from 'fastify';
import { INVALID_REQUEST, REQUEST_FAILED } from '../chat/chat-access';
import { DATABASE_UNAVAILABLE, databaseRetryMs, isDatabaseUnavailable } from '../db/database-unavailable';

type AckError = { error: string; retryAfterMs?: number };

/**
 * A socket event handler answered through its acknowledgement: `run` gets the raw payload (each
 * handler decodes it with its contract schema), and a failure inside is logged and answered
 * 'Erreur lors de la requête', never thrown into socket.io.
 */
/** A contract schema, as the handlers use it. */
type Decoder<Input> = { safeParse(payload: unknown): { success: true; data: Input } | { success: false } };

export function ackedHandlers(log: FastifyBaseLogger, userId: number) {
  const acked = <Answer>(event: string, run: (payload: unknown) => Promise<Answer | AckError>) =>
    (payload: unknown, ack?: (answer: Answer | AckError) => void): void => {
      // `emit(event, callback)` without a payload puts the callback first; a client may also send
      // no callback, or something else in its place: the types cannot promise what the wire carries.
      const reply =
        typeof ack === 'function'
          ? ack
          : typeof payload === 'function'
            ? (answer: Answer | AckError) => void payload(answer)
            : () => undefined;
      const input = typeof payload === 'function' ? undefined : payload;
      run(input)
        .catch((error: unknown): AckError => {
          // The database out of reach: not refused, the client waits and sends again (its outbox keeps the post).
          if (isDatabaseUnavailable(error)) {
            log.warn({ err: error, event, userId }, 'socket event waits for the database');
            return { error: DATABASE_UNAVAILABLE, retryAfterMs: databaseRetryMs() };
          }
          log.error({ err: error, event, userId }, 'socket event failed');
          return { error: REQUEST_FAILED };
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
