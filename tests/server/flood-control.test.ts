import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, likeAck, postMessageAck, SERVER_EVENTS } from '../../src/contract/chat';
import { createFloodControl, DEFAULT_FLOOD_LIMITS, floodMessage, parseRate } from '../../server/chat/flood-control';
import { loadConfig } from '../../server/config';
import { collect, useChatServer } from './chat-helpers';

// The server at the real rates.
const { chat } = useChatServer({ floodLimits: DEFAULT_FLOOD_LIMITS });
const member = { id: 1, canWriteNews: false, isStaff: false };
const coach = { id: 2, canWriteNews: true, isStaff: false };

describe('flood control (issue 23): a few posts per few seconds per member and stream', () => {
  it('takes five posts in five seconds into one stream, then answers the French wait', async () => {
    const flood = createFloodControl();
    for (let i = 0; i < 5; i += 1) expect(await flood.take('post', member, 'room:forex')).toBeNull();
    const refused = await flood.take('post', member, 'room:forex');
    expect(refused).not.toBeNull();
    expect(refused!.retryAfterMs).toBeGreaterThan(0);
    expect(refused!.retryAfterMs).toBeLessThanOrEqual(5000);
    expect(refused!.error).toMatch(/^Vous écrivez trop vite : réessayez dans [1-5] s\.$/);
    // Another stream, another member: their own counts.
    expect(await flood.take('post', member, 'room:indices')).toBeNull();
    expect(await flood.take('post', { ...member, id: 3 }, 'room:forex')).toBeNull();
  });

  it('gives the writers of alerts ten times as much, and frees the member once the window has passed', async () => {
    const flood = createFloodControl({ post: { points: 2, seconds: 1 }, like: { points: 2, seconds: 1 } });
    for (let i = 0; i < 20; i += 1) expect(await flood.take('post', coach, 'room:forex')).toBeNull();
    expect(await flood.take('post', coach, 'room:forex')).not.toBeNull();
    await flood.take('like', member);
    await flood.take('like', member);
    expect(await flood.take('like', member)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await flood.take('like', member)).toBeNull();
  });

  it('reads its rates from the environment, refusing a malformed one in French', () => {
    expect(parseRate('5/5')).toEqual({ points: 5, seconds: 5 });
    for (const bad of ['', '5', '0/5', '5/0', 'a/b', '-1/5', '5/5/5']) expect(parseRate(bad)).toBeNull();
    expect(loadConfig({ FLOOD_POSTS: '30/10' }).floodLimits.post).toEqual({ points: 30, seconds: 10 });
    expect(() => loadConfig({ FLOOD_LIKES: 'beaucoup' })).toThrow(/FLOOD_LIKES s'écrit N\/S/);
    expect(floodMessage(1)).toBe('Vous écrivez trop vite : réessayez dans 1 s.');
  });
});

describe('flood control on the socket', () => {
  it('answers the sixth post of a burst with the wait, broadcasts only the five, and takes it after the wait', async () => {
    const sender = await chat.open('vip');
    const reader = await chat.open('coach');
    await chat.join(sender, 'forex');
    await chat.join(reader, 'forex');
    const seen = collect(reader, SERVER_EVENTS.message, 1500);
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push(await chat.ask(sender, CLIENT_EVENTS.post, { clientId: randomUUID(), content: `Rafale ${i}`, room: 'forex' }, postMessageAck));
    }
    expect(answers.slice(0, 5).every((answer) => 'message' in answer)).toBe(true);
    const last = answers[5]!;
    expect(last).toMatchObject({ error: expect.stringMatching(/^Vous écrivez trop vite/) });
    const wait = 'retryAfterMs' in last ? last.retryAfterMs! : 0;
    const answeredAt = Date.now();
    expect(wait).toBeGreaterThan(0);
    expect((await seen).filter((event) => JSON.stringify(event).includes('Rafale')).length).toBe(5);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, answeredAt + wait + 100 - Date.now())));
    const again = await chat.ask(sender, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'Rafale 5', room: 'forex' }, postMessageAck);
    expect(again).toHaveProperty('message');
  });

  it('slows down likes too', async () => {
    const socket = await chat.open('vip');
    const message = await chat.post(socket, { room: 'indices', content: 'À aimer' });
    let refused = null;
    for (let i = 0; i < 21 && refused === null; i += 1) {
      const answer = await chat.ask(socket, i % 2 === 0 ? CLIENT_EVENTS.like : CLIENT_EVENTS.unlike, { alertId: message._id }, likeAck);
      if ('error' in answer) refused = answer;
    }
    expect(refused).toMatchObject({ error: expect.stringMatching(/^Vous écrivez trop vite/) });
  });
});
