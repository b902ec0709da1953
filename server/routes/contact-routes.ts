import { contactInput } from '../../src/contract/account';
import { memberContactName } from '../../src/domain/contact-form';
import { contactMessages } from '../db/schema';
import { requestUser } from '../auth/tokens';
import type { AccountServices } from '../accounts/account-services';
import { TOO_MANY_ATTEMPTS } from '../graphql/content-schema';

/** Messages one network address may send per hour. */
export const CONTACT_PER_HOUR = 5;

/** `POST /contact` (spec 1 §7): kept in `contact_messages` and mailed to the team's address. */
export function registerContactRoutes(services: AccountServices): void {
  const { app, db } = services;
  const limiter = services.limits('contact', { points: CONTACT_PER_HOUR, seconds: 60 * 60 });

  app.post('/rest/contact', async (request, reply) => {
    const input = contactInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: input.error.issues[0]?.message ?? 'Ce champs est requis' });
    try {
      await limiter.consume(request.ip);
    } catch {
      return reply.code(429).send({ error: TOO_MANY_ATTEMPTS });
    }
    // Signed in, the form's name and e-mail are locked to the account's: the team answers the real member.
    const user = await requestUser(app, db, request);
    const message = user
      ? { ...input.data, name: memberContactName(user), email: user.email }
      : { ...input.data, email: input.data.email.toLowerCase() };
    await db.insert(contactMessages).values({ ...message, userId: user?.id ?? null, createdAt: services.now() });
    await services.mail.send([
      {
        toUserId: null,
        to: services.contactEmail,
        subject: `[Contact] ${message.subject}`,
        text: [
          `De : ${message.name} <${message.email}>${user ? ` (membre ${user.username}, n° ${user.id})` : ''}`,
          `Sujet : ${message.subject}`,
          '',
          message.message,
        ].join('\n'),
      },
    ]);
    return reply.send({ success: true });
  });
}
