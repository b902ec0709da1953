import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstValueFrom } from 'rxjs';
import type { Client, ClientOptions, Sink } from 'graphql-ws';
import type { PlanningItem } from '../../../src/contract/planning';
import type { Replay } from '../../../src/contract/replays';
import {
  LIVE_CHANGED_SUBSCRIPTION,
  PLANNING_CHANGED_SUBSCRIPTION,
  REPLAY_PUBLISHED_SUBSCRIPTION,
} from '../../../src/contract/content-events';
import type { ComptoirDatabase } from '../../../src/store/database';
import { planning$ } from '../../../src/store/queries';
import { retryDelayMs, startContentSubscriptions } from '../../../src/sync/content-subscriptions';
import { openMemoryDatabase } from '../store/memory-database';

const live = (id: number, date: string): PlanningItem => ({
  id,
  attributes: { name: `Live ${id}`, speaker: 'Camille Durand', date, dateFin: new Date(Date.parse(date) + 3_600_000).toISOString(), directlink: null, room: { room_click_id: 'live-us' } },
});

/** A graphql-ws client whose server is the test: it holds each subscription's sink. */
function fakeClient() {
  const sinks = new Map<string, Sink>();
  let options: ClientOptions | null = null;
  const client = {
    subscribe: (payload: { query: string }, sink: Sink) => {
      sinks.set(payload.query, sink);
      return () => sinks.delete(payload.query);
    },
    dispose: vi.fn(),
  } as unknown as Client;
  return {
    create: (o: ClientOptions) => ((options = o), client),
    sinks,
    client,
    options: () => options!,
    push: (query: string, data: unknown) => sinks.get(query)!.next({ data } as never),
  };
}

let db: ComptoirDatabase;
beforeEach(async () => {
  db = await openMemoryDatabase();
});
afterEach(async () => {
  await db.remove();
});

async function started(overrides: { onConnected?: (first: boolean) => void; foldReplay?: (r: Replay) => Promise<void> } = {}) {
  const fake = fakeClient();
  const dropped: string[] = [];
  const stop = startContentSubscriptions({
    db,
    getToken: () => 'jeton',
    foldReplay: overrides.foldReplay ?? (async () => undefined),
    onConnected: overrides.onConnected ?? (() => undefined),
    createClient: fake.create,
    url: 'ws://test/content/graphql',
    onDropped: (event) => dropped.push(event),
  });
  await vi.waitFor(() => expect(fake.sinks.size).toBe(3));
  return { fake, dropped, stop };
}

describe('content subscriptions (issue 18)', () => {
  it('sends the token as connection params and subscribes to the three events', async () => {
    const { fake } = await started();
    const params = fake.options().connectionParams as () => unknown;
    expect(params()).toEqual({ token: 'jeton' });
    expect([...fake.sinks.keys()]).toEqual([LIVE_CHANGED_SUBSCRIPTION, PLANNING_CHANGED_SUBSCRIPTION, REPLAY_PUBLISHED_SUBSCRIPTION]);
  });

  it('folds a live that starts into the planning', async () => {
    const { fake } = await started();
    fake.push(LIVE_CHANGED_SUBSCRIPTION, { liveChanged: { at: '2026-11-25T10:00:00.000Z', current: [live(7, '2026-11-25T10:00:00.000Z')] } });
    await vi.waitFor(async () => expect((await firstValueFrom(planning$(db))).map((i) => i.id)).toEqual([7]));
  });

  it('replaces the planning of the range on planningChanged (a moved live leaves its old place)', async () => {
    const { fake } = await started();
    const range = { from: '2026-11-25T00:00:00.000Z', to: '2026-12-06T23:59:59.999Z' };
    fake.push(PLANNING_CHANGED_SUBSCRIPTION, { planningChanged: { ...range, items: [live(1, '2026-11-25T08:00:00.000Z'), live(2, '2026-11-26T08:00:00.000Z')] } });
    await vi.waitFor(async () => expect((await firstValueFrom(planning$(db))).length).toBe(2));
    fake.push(PLANNING_CHANGED_SUBSCRIPTION, { planningChanged: { ...range, items: [live(2, '2026-11-27T08:00:00.000Z')] } });
    await vi.waitFor(async () => {
      const items = await firstValueFrom(planning$(db));
      expect(items.map((i) => [i.id, i.attributes.date])).toEqual([[2, '2026-11-27T08:00:00.000Z']]);
    });
  });

  it('hands a published replay to the replays fold', async () => {
    const folded: Replay[] = [];
    const { fake } = await started({ foldReplay: async (r) => void folded.push(r) });
    const replay: Replay = {
      id: 3,
      locked: true,
      attributes: { title: 'Bilan', slug: 'bilan', date: '2026-11-25T09:00:00.000Z', description: '', videoUrl: null, picture: null, category: 'Forex', author: null, durationSeconds: 15 },
    };
    fake.push(REPLAY_PUBLISHED_SUBSCRIPTION, { replayPublished: replay });
    await vi.waitFor(() => expect(folded).toEqual([replay]));
  });

  it('drops a malformed event without touching the store', async () => {
    const { fake, dropped } = await started();
    fake.push(LIVE_CHANGED_SUBSCRIPTION, { liveChanged: { at: 'hier', current: [{ id: 'x' }] } });
    fake.push(PLANNING_CHANGED_SUBSCRIPTION, null);
    expect(dropped).toEqual(['liveChanged', 'planningChanged']);
    expect(await firstValueFrom(planning$(db))).toEqual([]);
  });

  it('says which connection is the first, so each one catches up what it may have missed', async () => {
    const onConnected = vi.fn();
    const { fake } = await started({ onConnected });
    const connected = fake.options().on!.connected as (...args: never[]) => void;
    connected();
    connected();
    connected();
    expect(onConnected.mock.calls).toEqual([[true], [false], [false]]);
  });

  it('unsubscribes and disposes on stop', async () => {
    const { fake, stop } = await started();
    stop();
    expect(fake.sinks.size).toBe(0);
    expect(fake.client.dispose).toHaveBeenCalled();
  });

  it('waits 1, 2, 4 … 30 s between retries, spread ±25 %', () => {
    expect(retryDelayMs(0, () => 0.5)).toBe(1_000);
    expect(retryDelayMs(3, () => 0.5)).toBe(8_000);
    expect(retryDelayMs(20, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(1, () => 0)).toBe(1_500);
  });
});
