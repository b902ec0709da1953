import { describe, expect, it } from 'vitest';
import { alert as alertSchema, ALERT_EVENTS, alertAckAnswer, alertAckCountEvent, alertAnswer, alertsResponse } from '../../src/contract/alerts';
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

describe('trade updates (issue 22)', () => {
  const tradeInput = { name: 'EUR/USD', order: 'BUY', enter: 1.085, sl: 1.082, be: null, tp1: 1.09, tp2: null, tp3: null };
  const updateTrade = async (account: string, id: string, body: unknown) => server().post(`/rest/alerts/${id}/trade_updates`, body, await as(account));

  it('move the levels and make the timeline, live for members, kept through an edit, nothing after a close', async () => {
    const posted = await postAlert({ title: 'Trade du jour', trade: tradeInput });
    const vip = await chat.open('vip');
    const heard = nextEvent(vip, ALERT_EVENTS.alert, alertSchema, (a) => a._id === posted._id && (a.trade?.updates.length ?? 0) === 1);
    const moved = await updateTrade('coach', posted._id, { kind: 'sl', price: 1.0835 });
    expect(moved.status).toBe(200);
    const { alert } = alertAnswer.parse(await moved.json());
    expect(alert.trade).toMatchObject({ sl: 1.0835, updates: [{ kind: 'sl', price: 1.0835 }] });
    expect(alert.seq).toBeGreaterThan(posted.seq);
    expect((await heard).trade).toMatchObject({ sl: 1.0835, enter: 1.085 });

    const noPrice = await updateTrade('coach', posted._id, { kind: 'sl' });
    expect([noPrice.status, await noPrice.json()]).toEqual([400, { error: 'Le prix est requis pour déplacer le stop.' }]);
    expect((await updateTrade('vip', posted._id, { kind: 'tp1' })).status).toBe(403);
    expect((await updateTrade('coach', posted._id, { kind: 'partout' })).status).toBe(400);
    const breakEven = alertAnswer.parse(await (await updateTrade('coach', posted._id, { kind: 'be' })).json()).alert;
    expect(breakEven.trade).toMatchObject({ be: 1.085, updates: [{ kind: 'sl' }, { kind: 'be', price: 1.085 }] });

    // The form's edit changes levels, never the timeline.
    const edited = await server().put(`/rest/alerts/${posted._id}`, { title: 'Trade du jour', room: 'forex', content: 'Corrigé', trade: tradeInput }, await as('coach'));
    expect(alertAnswer.parse(await edited.json()).alert.trade?.updates.map((u) => u.kind)).toEqual(['sl', 'be']);

    expect((await updateTrade('coach', posted._id, { kind: 'closed', price: 1.0905 })).status).toBe(200);
    const after = await updateTrade('coach', posted._id, { kind: 'tp2' });
    expect([after.status, await after.json()]).toEqual([400, { error: 'Ce trade est déjà clôturé.' }]);
  });

  it('need a trade', async () => {
    const plain = await postAlert({});
    const answer = await updateTrade('coach', plain._id, { kind: 'tp1' });
    expect([answer.status, await answer.json()]).toEqual([400, { error: 'Cette notification n’a pas de trade.' }]);
  });
});

describe('who acknowledged (issue 22)', () => {
  it('is listed for the author and moderators only', async () => {
    const urgent = await postAlert({ urgent: true });
    await ack('vip', urgent._id);
    const list = async (account: string) => server().get(`/rest/alerts/${urgent._id}/acks`, await as(account));
    const answer = await list('coach');
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { acks: { user: { username: string } }[] };
    expect(body.acks.map((a) => a.user.username)).toEqual(['vip']);
    expect((await list('analyste')).status).toBe(200);
    expect((await list('vip')).status).toBe(403);
  });
});
