import { expect } from 'vitest';
import { createActor, transition, type AnyActorRef, type AnyStateMachine, type AnyMachineSnapshot, type EventFromLogic, type EventObject, type InputFrom } from 'xstate';
import { getShortestPaths, getSimplePaths, toDirectedGraph, type StatePath } from 'xstate/graph';

/**
 * Model-based testing helpers (STYLE.md habit 4): generate every simple path of a machine's graph
 * from a list of events — invoked actors' outcomes and delays included as their `xstate.done.actor.*`,
 * `xstate.error.actor.*` and `xstate.after.*` events — walk each path on a live actor whose effects
 * are stubs, and prove that every transition of the machine is taken by some path.
 */
export type ModelEvent = EventObject & Record<string, unknown>;
type Snap<M extends AnyStateMachine> = ReturnType<M['transition']>;
/** Steps carry `ModelEvent`s: the machine's own events and its actors' outcome events alike. */
export type ModelPath<M extends AnyStateMachine> = StatePath<Snap<M>, ModelEvent>;

export type PathOptions<M extends AnyStateMachine> = {
  /** The context fields that make two snapshots different states (all of it by default). */
  serializeContext?: (snapshot: AnyMachineSnapshot) => unknown;
  input?: InputFrom<M>;
};

export function simplePaths<M extends AnyStateMachine>(
  machine: M,
  events: readonly ModelEvent[],
  options: PathOptions<M> = {},
): ModelPath<M>[] {
  const paths = getSimplePaths(machine, {
    // Actor outcome events are valid machine input that the public event type does not list.
    events: events as unknown as readonly EventFromLogic<M>[],
    serializeState: serializer(options),
    input: options.input,
  });
  return paths as unknown as ModelPath<M>[];
}

function serializer<M extends AnyStateMachine>(options: PathOptions<M>) {
  const context = options.serializeContext ?? ((s: AnyMachineSnapshot) => s.context);
  return (snapshot: Snap<M>) => {
    const machineSnapshot = snapshot as AnyMachineSnapshot;
    return JSON.stringify([machineSnapshot.value, context(machineSnapshot)]);
  };
}

/**
 * Simple paths never revisit a state, so a transition back to an earlier state (a retry, a
 * refresh) is never taken by them. The transition cover adds, to the shortest path of every state,
 * one more step for each event that state accepts.
 */
export function transitionCoverPaths<M extends AnyStateMachine>(
  machine: M,
  events: readonly ModelEvent[],
  options: PathOptions<M> = {},
): ModelPath<M>[] {
  const serializeState = serializer(options);
  const shortest = getShortestPaths(machine, {
    events: events as unknown as readonly EventFromLogic<M>[],
    serializeState,
    input: options.input,
  }) as unknown as ModelPath<M>[];
  const extended: ModelPath<M>[] = [];
  for (const path of shortest) {
    for (const event of events) {
      const [next] = transition(machine as AnyStateMachine, path.state as AnyMachineSnapshot, event);
      const nextSnap = next as Snap<M>;
      if (serializeState(nextSnap) === serializeState(path.state)) continue;
      extended.push({
        state: nextSnap,
        weight: path.weight + 1,
        steps: [...path.steps, { event, state: nextSnap }],
      });
    }
  }
  return extended;
}

/** Every `source -event-> target` edge of the machine, as text. Eventless transitions are left out. */
export function edgesOf(machine: AnyStateMachine): string[] {
  const edges: string[] = [];
  const visit = (node: ReturnType<typeof toDirectedGraph>) => {
    for (const edge of node.edges) edges.push(`${edge.source.id} -${edge.label.text}-> ${edge.target.id}`);
    node.children.forEach(visit);
  };
  visit(toDirectedGraph(machine));
  return [...new Set(edges)];
}

/** Edges taken by the paths: a step whose event leaves `source` active before and `target` after. */
export function takenEdges<M extends AnyStateMachine>(machine: M, paths: readonly ModelPath<M>[]): Set<string> {
  const taken = new Set<string>();
  const all = edgesOf(machine);
  for (const path of paths) {
    for (let i = 1; i < path.steps.length; i++) {
      const before = path.steps[i - 1]!.state;
      const step = path.steps[i]!;
      for (const edge of all) {
        const [source, rest] = edge.split(` -${step.event.type}-> `);
        if (rest === undefined || source === undefined) continue;
        if (isActive(before, source) && isActive(step.state, rest)) taken.add(edge);
      }
    }
  }
  return taken;
}

export function expectEveryEdgeTaken<M extends AnyStateMachine>(machine: M, pathSets: readonly ModelPath<M>[][]): void {
  const taken = new Set<string>();
  for (const paths of pathSets) for (const edge of takenEdges(machine, paths)) taken.add(edge);
  expect(edgesOf(machine).filter((edge) => !taken.has(edge))).toEqual([]);
}

/**
 * Walks one path on a live actor: sends each event and checks the actor reached the state the
 * model predicted; `check` asserts the effects after each step.
 */
export function walkPath<M extends AnyStateMachine>(
  machine: M,
  path: ModelPath<M>,
  check: (step: ModelPath<M>['steps'][number], actor: AnyActorRef, index: number) => void,
  input?: InputFrom<M>,
): void {
  const actor = createActor(machine as AnyStateMachine, input === undefined ? {} : { input }).start();
  path.steps.forEach((step, index) => {
    if (index > 0) actor.send(step.event);
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    expect(snapshot.value).toEqual((step.state as AnyMachineSnapshot).value);
    check(step, actor, index);
  });
  actor.stop();
}

export function describePath(path: { steps: readonly { event: EventObject }[] }): string {
  return path.steps.map((s) => s.event.type.replace(/^xstate\./, '')).join(' → ');
}

function isActive(snapshot: unknown, stateId: string): boolean {
  const relative = stateId.split('.').slice(1);
  if (relative.length === 0) return true;
  // `matches` takes a partial state value; a dotted path is the documented string form.
  return (snapshot as AnyMachineSnapshot).matches(relative.join('.'));
}
