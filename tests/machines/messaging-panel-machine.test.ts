import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { isUserChat, userChatId } from '../../src/domain/private-chat';
import {
  messagingPanelMachine,
  type ChatTarget,
  type ContactUser,
  type MessagingPanelContext,
  type MessagingPanelInput,
} from '../../src/machines/messaging-panel-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const coach: ContactUser = { _id: '4', username: 'coach', picture: null };
const support: ChatTarget = { userId: '99', conversationId: null };
const events: ModelEvent[] = [
  { type: 'panel.toggle' },
  { type: 'panel.close' },
  { type: 'access.changed', hasAccess: true },
  { type: 'access.changed', hasAccess: false },
  { type: 'conversations.changed', ids: ['c1', 'c2'] },
  { type: 'message.received', conversationId: 'c1', unreadMessages: 3 },
  { type: 'message.received', conversationId: 'c9', unreadMessages: 1 },
  { type: 'conversation.open', conversationId: 'c1' },
  { type: 'conversation.open', conversationId: 'c2' },
  { type: 'conversation.openWithUser', userId: '7', conversationId: null },
  { type: 'conversation.openWithUser', userId: '8', conversationId: 'c2' },
  { type: 'conversation.created', userId: '7', conversationId: 'c3' },
  { type: 'conversation.created', userId: '8', conversationId: 'c4' },
  { type: 'conversation.emptied', conversationId: 'c1' },
  { type: 'conversation.back' },
  { type: 'search.input', query: '  ' },
  { type: 'search.input', query: ' coa ' },
  { type: 'support.contact' },
  { type: 'xstate.after.searchDebounce.messagingPanel.open.list.searchPending' },
  { type: 'xstate.done.actor.searchContacts', output: [coach] },
  { type: 'xstate.error.actor.searchContacts', error: new Error('Erreur lors de la requête') },
  { type: 'xstate.done.actor.findSupport', output: support },
  { type: 'xstate.error.actor.findSupport', error: new Error('Ce profil n\'existe pas') },
];
// Simple paths over every event explode; they walk the conversation cycle with fewer events.
const cycleEvents = events.filter(
  (e) =>
    ['panel.toggle', 'conversation.back'].includes(e.type) ||
    (e.type === 'message.received' && e.conversationId === 'c1') ||
    (e.type === 'conversation.open') ||
    (e.type === 'conversation.openWithUser' && e.conversationId === null),
);

const inputs: MessagingPanelInput[] = [{ hasAccess: true }, { hasAccess: false }];

const serializeContext = (snapshot: { context: unknown }) => {
  const c = snapshot.context as MessagingPanelContext;
  return { access: c.hasAccess, known: c.known.length, selected: c.selected, query: c.query !== '', results: c.results.length, error: c.searchError !== null };
};

type Call = [name: string, arg?: unknown];
function recorded() {
  const calls: Call[] = [];
  const conversation = (name: string) => (_: unknown, params: { conversationId: string }) => void calls.push([name, params.conversationId]);
  const machine = messagingPanelMachine.provide({
    actors: {
      inbox: fromCallback(() => {
        calls.push(['inbox.start']);
        return () => void calls.push(['inbox.stop']);
      }),
      searchContacts: fromPromise<ContactUser[], { query: string }>(({ input }) => {
        calls.push(['searchContacts', input.query]);
        return new Promise(() => {});
      }),
      findSupport: fromPromise<ChatTarget>(() => {
        calls.push(['findSupport']);
        return new Promise(() => {});
      }),
    },
    actions: {
      joinConversation: conversation('join'),
      leaveConversation: conversation('leave'),
      markRead: conversation('markRead'),
      incrementUnread: (_, params) => void calls.push(['incrementUnread', [params.conversationId, params.unreadMessages]]),
      refetchConversations: () => void calls.push(['refetch']),
      reportError: (_, params) => void calls.push(['reportError', params.message]),
    },
  });
  return { machine, calls };
}

/** A tiny server and store fed by the effects: joined rooms and unread counts. */
function worldOf() {
  const joined = new Set<string>();
  const unread = new Map<string, number>();
  return {
    joined,
    unread,
    apply([name, arg]: Call) {
      const id = String(arg);
      if (name === 'join') {
        expect(joined.has(id)).toBe(false);
        joined.add(id);
      }
      if (name === 'leave') {
        expect(joined.has(id)).toBe(true);
        joined.delete(id);
      }
      if (name === 'markRead') unread.set(id, 0);
      if (name === 'incrementUnread') {
        const [conversationId, count] = arg as [string, number];
        unread.set(conversationId, count);
      }
    },
  };
}

describe('messaging panel machine: every path of its graph', () => {
  const pathSets = inputs.map((input) => {
    const { machine } = recorded();
    return {
      input,
      paths: [
        ...simplePaths(machine, cycleEvents, { input, serializeContext }),
        ...transitionCoverPaths(machine, events, { input, serializeContext }),
      ],
    };
  });

  for (const { input, paths } of pathSets) {
    describe(input.hasAccess ? 'member with messaging access' : 'member without messaging access', () => {
      it('has paths to walk', () => expect(paths.length).toBeGreaterThan(30));
      for (const path of paths) {
        it(describePath(path), () => {
          const { machine, calls } = recorded();
          const world = worldOf();
          let seen = 0;
          let before = path.steps[0]!.state;
          walkPath(
            machine,
            path,
            (step, actor, index) => {
              const fresh = calls.slice(seen);
              seen = calls.length;
              fresh.forEach((call) => world.apply(call));
              const snapshot = actor.getSnapshot() as typeof step.state;
              const c = snapshot.context;
              const event = step.event as ModelEvent & Partial<ChatTarget> & { conversationId?: string; unreadMessages?: number };
              const effects = fresh.filter(([n]) => !['inbox.start', 'searchContacts', 'findSupport'].includes(n));
              if (index === 0) {
                expect(fresh).toEqual([['inbox.start']]);
                expect(snapshot.value).toBe('closed');
                before = snapshot;
                return;
              }

              // A chat is selected exactly while a conversation is on screen, and only its room is joined.
              expect(c.selected !== null).toBe(snapshot.matches({ open: 'conversation' }));
              expect([...world.joined]).toEqual(c.selected !== null && !isUserChat(c.selected) ? [c.selected] : []);
              if (c.selected !== null && !isUserChat(c.selected)) expect(world.unread.get(c.selected)).toBe(0);
              if (!c.hasAccess) expect(snapshot.matches('open')).toBe(false);

              if (event.type === 'panel.toggle' && before.matches('closed')) {
                expect(snapshot.value).toEqual(before.context.hasAccess ? { open: { list: 'browsing' } } : 'accessPrompt');
              }
              if (event.type === 'message.received') {
                const id = event.conversationId!;
                if (!before.context.hasAccess) {
                  expect(effects).toEqual([]);
                  expect(snapshot.value).toEqual(before.value);
                } else {
                  // Opens by itself when closed.
                  if (before.matches('closed')) expect(snapshot.value).toEqual({ open: { list: 'browsing' } });
                  if (before.context.selected === id) expect(effects).toEqual([['markRead', id]]);
                  else if (before.context.known.includes(id)) expect(effects).toEqual([['incrementUnread', [id, event.unreadMessages]]]);
                  else expect(effects).toEqual([['refetch']]);
                }
              }
              if (event.type === 'conversation.open' && before.matches('open')) {
                const id = event.conversationId!;
                const previous = before.context.selected;
                const leaves = previous !== null && previous !== id && !isUserChat(previous) ? [['leave', previous]] : [];
                expect(effects).toEqual([...leaves, ...(previous === id ? [] : [['join', id]]), ['markRead', id]]);
                expect(c.selected).toBe(id);
              }
              if (event.type === 'conversation.openWithUser' && c.selected !== null && !before.matches('accessPrompt')) {
                expect(c.selected).toBe(event.conversationId ?? userChatId(event.userId!));
              }
              if (event.type === 'conversation.openWithUser' && before.matches('closed') && !before.context.hasAccess) {
                expect(snapshot.value).toBe('accessPrompt');
              }
              if (event.type === 'conversation.created') {
                if (before.matches({ open: 'conversation' }) && before.context.selected === userChatId(event.userId!)) {
                  expect(c.selected).toBe(event.conversationId);
                  expect(effects).toEqual([['join', event.conversationId], ['markRead', event.conversationId]]);
                } else {
                  expect(effects).toEqual([]);
                  expect(c.selected).toBe(before.context.selected);
                }
              }
              if (event.type === 'conversation.emptied' && before.matches({ open: 'conversation' }) && before.context.selected === event.conversationId) {
                expect(snapshot.value).toEqual({ open: { list: 'browsing' } });
                expect(effects).toEqual([['leave', event.conversationId]]);
              }
              if (event.type === 'xstate.after.searchDebounce.messagingPanel.open.list.searchPending' && before.matches({ open: { list: 'searchPending' } })) {
                expect(fresh).toEqual([['searchContacts', 'coa']]);
              }
              if (event.type === 'support.contact' && before.matches({ open: 'list' })) expect(fresh).toEqual([['findSupport']]);
              if (event.type === 'xstate.done.actor.findSupport' && before.matches({ open: 'findingSupport' })) {
                expect(c.selected).toBe('user_99');
              }
              if (event.type === 'xstate.error.actor.findSupport' && before.matches({ open: 'findingSupport' })) {
                expect(effects).toEqual([['reportError', "Ce profil n'existe pas"]]);
              }
              if (snapshot.matches({ open: { list: 'results' } })) {
                expect(c.results.length > 0 || c.searchError !== null).toBe(true);
              }
              if (snapshot.matches({ open: { list: 'browsing' } })) expect([c.query, c.results]).toEqual(['', []]);
              before = snapshot;
            },
            input,
          );
        });
      }
    });
  }

  it('takes every transition of the machine in some path', () => {
    expectEveryEdgeTaken(
      recorded().machine,
      pathSets.map((set) => set.paths),
    );
  });
});

describe('messaging panel: contact search', () => {
  it('searches 300 ms after the last key, with the trimmed query', async () => {
    const queries: string[] = [];
    const actor = createActor(
      messagingPanelMachine.provide({
        actors: {
          searchContacts: fromPromise<ContactUser[], { query: string }>(async ({ input }) => {
            queries.push(input.query);
            return [coach];
          }),
        },
      }),
      { input: { hasAccess: true } },
    ).start();
    actor.send({ type: 'panel.toggle' });
    actor.send({ type: 'search.input', query: 'co' });
    await new Promise((r) => setTimeout(r, 200));
    actor.send({ type: 'search.input', query: 'coach ' });
    await new Promise((r) => setTimeout(r, 250));
    expect(queries).toEqual([]);
    await new Promise((r) => setTimeout(r, 100));
    expect(queries).toEqual(['coach']);
    expect(actor.getSnapshot().context.results).toEqual([coach]);
    actor.stop();
  });
});
