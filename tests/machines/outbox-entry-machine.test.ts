import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { outboxEntryMachine, type OutboxEntryEvent, type OutboxEntryState } from '../../src/machines/outbox-entry-machine';
import type { ComptoirDatabase } from '../../src/store/database';
import { HELD_FOR_REVIEW, outboxEntryState, queueMessage, stepOutboxEntry, WAITING_FOR_NETWORK } from '../../src/sync/outbox';
import { openMemoryDatabase } from '../unit/store/memory-database';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const REFUSAL = "Vous n'avez pas le droit d'écrire dans cette room";
const events: ModelEvent[] = [
  { type: 'outbox.sent' },
  { type: 'outbox.offline' },
  { type: 'outbox.refused', error: REFUSAL },
  { type: 'outbox.held' },
  { type: 'outbox.resend' },
  { type: 'outbox.retry' },
  { type: 'outbox.discard' },
];

type World = { state: OutboxEntryState; error: string | null };

/**
 * The model, written from the behaviour wanted: the echo ends it from anywhere; the network
 * holds a sending entry until it is sent again; a refusal holds it until the member retries
 * (same client id) or deletes it; an entry on its way cannot be deleted; one the keyword filter
 * holds waits for the moderator's word, asked again at each connection.
 */
function expectedAfter(before: World, event: ModelEvent): World {
  const { state } = before;
  if (state === 'sent' || state === 'discarded') return before;
  if (event.type === 'outbox.sent') return { state: 'sent', error: null };
  if (state === 'sending') {
    if (event.type === 'outbox.offline') return { state: 'waiting', error: null };
    if (event.type === 'outbox.refused') return { state: 'refused', error: String(event.error) };
    if (event.type === 'outbox.held') return { state: 'held', error: null };
    return before;
  }
  // Held by the keyword filter: only the moderator's word (echo or refusal) or a new asking moves it; never deleted.
  if (state === 'held') {
    if (event.type === 'outbox.refused') return { state: 'refused', error: String(event.error) };
    if (event.type === 'outbox.resend') return { state: 'sending', error: null };
    return before;
  }
  if (event.type === 'outbox.retry' || (state === 'waiting' && event.type === 'outbox.resend')) return { state: 'sending', error: null };
  if (event.type === 'outbox.discard') return { state: 'discarded', error: null };
  return before;
}

const paths = [...simplePaths(outboxEntryMachine, events), ...transitionCoverPaths(outboxEntryMachine, events)];

describe('outbox entry machine: every path of its graph', () => {
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));
  for (const path of paths) {
    it(describePath(path), () => {
      let world: World = { state: 'sending', error: null };
      walkPath(outboxEntryMachine, path, (step, actor, index) => {
        const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
        if (index > 0) world = expectedAfter(world, step.event as ModelEvent);
        expect(snapshot.value).toBe(world.state);
        expect(snapshot.context).toEqual({ error: world.error });
      });
    });
  }
  it('takes every transition of the machine in some path', () => expectEveryEdgeTaken(outboxEntryMachine, [paths]));
});

/** The same paths walked on a stored entry: the outbox's writes follow the machine, step by step. */
describe('outbox entry in the store: every path', () => {
  let db: ComptoirDatabase;
  beforeAll(async () => {
    db = await openMemoryDatabase();
  });
  afterAll(() => db.remove());

  paths.forEach((path, n) => {
    it(describePath(path), async () => {
      const clientId = `c${n}`;
      await queueMessage(db, { clientId, room: 'Forex', parentMessage: null, content: 'EURUSD en test', attachments: [] }, 1_700_000_000_000 + n);
      let world: World = { state: 'sending', error: null };
      for (const step of path.steps.slice(1)) {
        world = expectedAfter(world, step.event as ModelEvent);
        // The echo is the fold's to apply (it removes the entry by its client id); here, the same removal.
        const reached = await stepOutboxEntry(db, clientId, step.event as OutboxEntryEvent);
        const doc = (await db.outbox.findOne(clientId).exec())?.toJSON() ?? null;
        if (world.state === 'sent' || world.state === 'discarded') {
          expect(doc).toBeNull();
          expect(reached === null || reached === world.state).toBe(true);
          continue;
        }
        expect(reached).toBe(world.state);
        expect(doc && outboxEntryState(doc)).toBe(world.state);
        expect(doc?.status).toBe(world.state === 'refused' ? 'failed' : 'pending');
        expect(doc?.error).toBe(world.state === 'refused' ? world.error : world.state === 'waiting' ? WAITING_FOR_NETWORK : world.state === 'held' ? HELD_FOR_REVIEW : null);
      }
    });
  });
});
