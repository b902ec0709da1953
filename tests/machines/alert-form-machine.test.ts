import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { ALERT_TEXT } from '../../src/domain/alert-form';
import { alertFormMachine, emptyDraft, payloadOf, validate, type AlertFormContext, type AlertFormInput, type SubmitAlert } from '../../src/machines/alert-form-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const events: ModelEvent[] = [
  { type: 'form.change', field: 'title', value: 'Trade du jour' },
  { type: 'form.change', field: 'content', value: 'Achat EUR/USD sur le support' },
  { type: 'form.change', field: 'room', value: 'all' },
  { type: 'form.toggleTrade' },
  { type: 'form.trade', field: 'enter', value: 'abc' },
  { type: 'form.trade', field: 'enter', value: '1,085' },
  { type: 'form.attach', attachment: { id: 'v1', attachmentType: 'video', name: 'analyse.mp4' } },
  { type: 'form.detach', id: 'v1' },
  { type: 'form.toggleFree' },
  { type: 'form.toggleUrgent' },
  { type: 'form.toggleMail' },
  { type: 'form.uploadStarted' },
  { type: 'form.uploadFinished' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.submitAlert' },
  { type: 'xstate.error.actor.submitAlert', error: new Error('réseau') },
];
// Simple paths over the whole form explode combinatorially: they walk the submit cycle only.
const fewerEvents = events.filter((e) => (e.type === 'form.change' && e.field !== 'room') || e.type.startsWith('xstate') || e.type === 'form.submit' || e.type === 'form.uploadStarted');

const inputs: AlertFormInput[] = [
  { alertId: null, draft: emptyDraft('forex'), staff: false, allRoomId: 'all' },
  { alertId: null, draft: emptyDraft('forex'), staff: true, allRoomId: 'all' },
  { alertId: 'a1', draft: { ...emptyDraft('forex'), title: 'Swing', content: 'Position ouverte' }, staff: false, allRoomId: 'all' },
];

// Two drafts are one state for the model when the machine would decide the same for them: whether
// the form is valid (and why not), whether a video goes with it, and uploads in flight (none, one,
// more), and the errors on screen. The walk still checks the exact payload of every submission.
const serializeContext = (snapshot: { context: unknown }) => {
  const c = snapshot.context as AlertFormContext;
  return {
    invalid: Object.keys(validate(c)).sort(),
    trade: c.draft.tradeEnabled,
    video: c.draft.attachments.some((a) => a.attachmentType === 'video'),
    // 'Gratuite' and 'Urgent' decide nothing in the machine: one flag for either keeps the graph's size.
    flags: [c.draft.freeAlert || c.draft.urgent, c.draft.sendMail],
    uploads: Math.min(c.uploads, 2),
    shown: Object.keys(c.errors).filter((k) => c.errors[k as keyof typeof c.errors]).sort(),
  };
};

type Call = ['submit', SubmitAlert] | ['success', string] | ['failure', string];
function recorded() {
  const calls: Call[] = [];
  const machine = alertFormMachine.provide({
    actors: {
      submitAlert: fromPromise<void, SubmitAlert>(async ({ input }) => {
        calls.push(['submit', input]);
        await new Promise(() => {});
      }),
    },
    actions: {
      notifySuccess: (_, { message }) => void calls.push(['success', message]),
      notifyFailure: (_, { message }) => void calls.push(['failure', message]),
    },
  });
  return { machine, calls };
}

describe('alert form machine: every path of its graph', () => {
  const sets = inputs.map((input) => {
    const { machine } = recorded();
    return {
      input,
      paths: [...transitionCoverPaths(machine, events, { input, serializeContext }), ...simplePaths(machine, fewerEvents, { input, serializeContext })],
    };
  });

  for (const { input, paths } of sets) {
    describe(`${input.alertId ? 'edit' : 'create'}, ${input.staff ? 'staff' : 'writer'}`, () => {
      it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));
      for (const path of paths) {
        it(describePath(path), () => {
          const { machine, calls } = recorded();
          let seen = 0;
          let before = path.steps[0]!.state.context as AlertFormContext;
          let beforeValue = path.steps[0]!.state.value;
          walkPath(
            machine,
            path,
            (step, actor) => {
              const fresh = calls.slice(seen);
              seen = calls.length;
              const snapshot = actor.getSnapshot() as { value: unknown; context: AlertFormContext };
              const event = step.event as ModelEvent;
              if (event.type === 'form.submit' && beforeValue === 'editing') {
                const blocked = before.uploads > 0;
                const valid = Object.keys(validate(before)).length === 0;
                if (!blocked && valid) {
                  expect(snapshot.value).toBe('submitting');
                  expect(fresh).toEqual([['submit', { alertId: input.alertId, input: payloadOf(before) }]]);
                } else {
                  expect(snapshot.value).toBe('editing');
                  expect(fresh).toEqual([]);
                  if (!blocked) expect(snapshot.context.errors).toEqual(validate(before));
                }
              }
              if (event.type === 'xstate.done.actor.submitAlert' && beforeValue === 'submitting') {
                const video = before.draft.attachments.some((a) => a.attachmentType === 'video');
                expect(fresh).toEqual([['success', input.alertId ? ALERT_TEXT.edited : video ? ALERT_TEXT.createdVideo : ALERT_TEXT.created]]);
              }
              if (event.type === 'xstate.error.actor.submitAlert' && beforeValue === 'submitting') {
                expect(fresh).toEqual([['failure', ALERT_TEXT.failed]]);
                expect(snapshot.value).toBe('editing');
              }
              // Only staff may target ALL; sendMail goes with a creation only.
              if (snapshot.value === 'submitting' && beforeValue === 'editing') {
                const sent = fresh[0]![1] as SubmitAlert;
                if (!input.staff) expect(sent.input.room).not.toBe('all');
                expect('sendMail' in sent.input).toBe(input.alertId === null);
              }
              before = snapshot.context;
              beforeValue = snapshot.value as typeof beforeValue;
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
      sets.map((s) => s.paths),
    );
  });
});
