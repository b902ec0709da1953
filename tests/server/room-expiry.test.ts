import { describe, expect, it } from 'vitest';
import { userSubscriptions } from '../../server/db/schema';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { CLIENT_EVENTS, joinAck, SERVER_EVENTS } from '../../src/contract/chat';
import { newMember } from './billing-helpers';
import { collect, useChatServer, userIdOf } from './chat-helpers';

const { server, chat } = useChatServer({ registerLimit: 1000 });

describe('a room heard while it may be read', () => {
  it("a member whose VIP runs out while connected stops hearing the VIP room's messages and badges", async () => {
    const member = await newMember(server(), 'expirant');
    await server()
      .database.db.insert(userSubscriptions)
      .values({ userId: await userIdOf(server(), member), subscriptionId: SUBSCRIPTION.VIP, expiresAt: new Date(Date.now() + 2_000) });
    const socket = await chat.open(member);
    expect(await chat.join(socket, 'forex')).toMatchObject({ ok: true });
    const coach = await chat.open('coach');
    await chat.join(coach, 'forex');

    const before = collect(socket, SERVER_EVENTS.message, 500);
    await chat.post(coach, { room: 'forex', content: 'Encore VIP' });
    expect(JSON.stringify(await before)).toContain('Encore VIP');

    await new Promise((resolve) => setTimeout(resolve, 2_300));
    const after = collect(socket, SERVER_EVENTS.message, 700);
    const badges = collect(socket, SERVER_EVENTS.increaseRoomMessage, 700);
    await chat.post(coach, { room: 'forex', content: 'Plus VIP' });
    expect(JSON.stringify(await after)).not.toContain('Plus VIP');
    expect(await badges).toEqual([]);
    // Still connected, and refused the room again.
    expect(socket.connected).toBe(true);
    expect(await chat.join(socket, 'forex')).toMatchObject({ error: expect.any(String) });
  });

  it("a member whose VIP runs out stops hearing the replies of a thread of the VIP room they had open", async () => {
    const member = await newMember(server(), 'fil-expirant');
    await server()
      .database.db.insert(userSubscriptions)
      .values({ userId: await userIdOf(server(), member), subscriptionId: SUBSCRIPTION.VIP, expiresAt: new Date(Date.now() + 2_000) });
    const coach = await chat.open('coach');
    await chat.join(coach, 'forex');
    const parent = await chat.post(coach, { room: 'forex', content: 'Un fil sur EUR/USD' });
    const socket = await chat.open(member);
    expect(await chat.ask(socket, CLIENT_EVENTS.join, { parentMessage: parent._id }, joinAck)).toMatchObject({ ok: true });

    const before = collect(socket, SERVER_EVENTS.discussion, 500);
    await chat.post(coach, { parentMessage: parent._id, content: 'Réponse encore VIP' });
    expect(JSON.stringify(await before)).toContain('Réponse encore VIP');

    await new Promise((resolve) => setTimeout(resolve, 2_300));
    const after = collect(socket, SERVER_EVENTS.discussion, 700);
    await chat.post(coach, { parentMessage: parent._id, content: 'Réponse plus VIP' });
    expect(JSON.stringify(await after)).not.toContain('Réponse plus VIP');
    expect(socket.connected).toBe(true);
  });
});
