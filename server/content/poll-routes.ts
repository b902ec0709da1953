import type { FastifyInstance } from 'fastify';
import { pollAnswer } from '../../src/contract/home-content';
import { requestUser } from '../auth/tokens';
import type { Database } from '../db/open-database';
import { frenchBodyErrors, invalidBody } from '../routes/invalid-body';
import { refuse } from './content-errors';
import { answerPoll, answersOf, currentPoll } from './poll-store';

/**
 * The home poll (spec 3 §2, §5, §7), API host. One answer per member and question: sending the
 * same value again (an outbox retry) answers the stored one; another value is refused (409).
 */
export function registerPollRoutes(app: FastifyInstance, db: Database): void {
  app.get('/rest/polls/answers', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return refuse(reply, 'unauthorized');
    return reply.send({ data: await answersOf(db, user.id) });
  });

  app.post('/rest/polls/answer', { errorHandler: frenchBodyErrors }, async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return refuse(reply, 'unauthorized');
    const input = pollAnswer.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: invalidBody(input.error) });
    const running = await currentPoll(db);
    if (!running || running.question !== input.data.question) return refuse(reply, 'unknownPoll');
    const { stored } = await answerPoll(db, user.id, input.data);
    if (stored.answer !== input.data.answer) return refuse(reply, 'alreadyAnswered');
    return reply.send({ data: stored });
  });
}
