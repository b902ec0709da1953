import { describe, expect, it } from 'vitest';
import { ALERT_EVENTS, alertAckAnswer, alertAckCountEvent, alertAnswer, alertsResponse } from '../../src/contract/alerts';
import { collect, nextEvent, useChatServer } from './chat-helpers';

/** Issue 22: an urgent alert, and members' 'Bien reçu' counted for its author. */
const { server, chat } = useChatServer();

const as = async (account: string) => chat.token(account);
const postAlert = async (input: Record<string, unknown>) => {
  const response = await server().post('/rest/alerts', { title: 'EURUSD', room: 'forex', content: 'Achat maintenant', ...input }, await as('coach'));
  expect(response.status).toBe(200);
  return alertAnswer.parse(await response.json()).alert;
};
const ack = async (account: string, id: string) => server().post(`/rest/alerts/${id}/ack`, {}, await as(account));
const feedOf = async (account: string) => alertsResponse.parse(await (await server().get('/rest/alerts/v2?room=forex', await as(account))).json()).alerts;

describe('urgent alerts (issue 22)', () => {
  it('are acknowledged once per member, counted live for everyone, and remembered per member', async () => {
    const urgent = await postAlert({ urgent: true });
    expect(urgent).toMatchObject({ urgent: true, acksCount: 0, acknowledged: false });
    expect((await feedOf('vip')).find((a) => a._id === urgent._id)).toMatchObject({ urgent: true, acknowledged: false });

    const coach = await chat.open('coach');
    const counted = nextEvent(coach, ALERT_EVENTS.ackCount, alertAckCountEvent, (e) => e._id === urgent._id);
    const first = await ack('vip', urgent._id);
    expect(first.status).toBe(200);
    const answer = alertAckAnswer.parse(await first.json());
    expect(answer).toMatchObject({ _id: urgent._id, acksCount: 1, acknowledged: true });
    expect(await counted).toMatchObject({ acksCount: 1, room: 'forex', seq: answer.seq });

    // A repeat changes nothing and is announced to no one.
    const quiet = collect(coach, ALERT_EVENTS.ackCount, 400);
    expect(alertAckAnswer.parse(await (await ack('vip', urgent._id)).json())).toMatchObject({ acksCount: 1, seq: answer.seq });
    expect(await quiet).toEqual([]);
    await ack('live', urgent._id);

    expect((await feedOf('vip')).find((a) => a._id === urgent._id)).toMatchObject({ acksCount: 2, acknowledged: true });
    expect((await feedOf('coach')).find((a) => a._id === urgent._id)).toMatchObject({ acksCount: 2, acknowledged: false, me: true });
  });

  it('refuse the author, a member it is locked for, an alert that is not urgent and an unknown one', async () => {
    const urgent = await postAlert({ urgent: true });
    const plain = await postAlert({});
    expect(plain.urgent).toBe(false);
    expect((await ack('coach', urgent._id)).status).toBe(400);
    expect((await ack('membre', urgent._id)).status).toBe(403);
    expect((await ack('vip', plain._id)).status).toBe(400);
    expect((await ack('vip', 'inconnue')).status).toBe(404);
    expect((await server().post(`/rest/alerts/${urgent._id}/ack`, {})).status).toBe(401);
  });
});
