import type { FastifyBaseLogger } from 'fastify';
import { REQUEST_FAILED } from '../chat/chat-access';

type AckError = { error: string };

/**
 * A socket event handler answered through its acknowledgement: `run` gets the raw payload (each
 * handler decodes it with its contract schema), and a failure inside is logged and answered
 * 'Erreur lors de la requête', never thrown into socket.io.
 */
export function ackedHandlers(log: FastifyBaseLogger, userId: number) {
  return <Answer>(event: string, run: (payload: unknown) => Promise<Answer | AckError>) =>
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
          log.error({ err: error, event, userId }, 'socket event failed');
          return { error: REQUEST_FAILED };
        })
        .then(reply)
        .catch((error: unknown) => log.error({ err: error, event }, 'acknowledgement failed'));
    };
}

export type Acked = ReturnType<typeof ackedHandlers>;
