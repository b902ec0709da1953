import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { VOICE_RECORDING_MAX_MS } from '../../src/domain/chat-limits';
import { formatElapsed } from '../../src/domain/media-time';
import {
  voiceRecordingMachine,
  type RecorderCommand,
  type UploadInput,
  type VoiceAttachment,
  type VoiceRecordingContext,
} from '../../src/machines/voice-recording-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const note = new Blob(['OggS fake opus'], { type: 'audio/webm' });
const attachment: VoiceAttachment = { id: 'up1', attachmentType: 'audio', name: 'note-vocale-00-02.webm' };
const events: ModelEvent[] = [
  { type: 'recording.start' },
  { type: 'recording.save' },
  { type: 'recording.cancel' },
  { type: 'recording.retry' },
  { type: 'recording.discard' },
  { type: 'microphone.granted' },
  { type: 'microphone.denied' },
  { type: 'recorder.failed' },
  { type: 'recording.data', blob: note },
  { type: 'xstate.after.second.voice.active.recording.counting' },
  { type: 'xstate.after.maxDuration.voice.active.recording' },
  { type: 'upload.progress', percent: 42.4 },
  { type: 'upload.done', attachment },
  { type: 'upload.failed', error: 'Une erreur est survenue, veuillez réessayer' },
];

// The seconds counted only matter as "some or none"; the walk checks the exact count.
const serializeContext = (snapshot: { context: unknown }) => {
  const c = snapshot.context as VoiceRecordingContext;
  return { counted: c.elapsedSeconds > 0, blob: c.blob !== null, progress: c.progress > 0, error: c.error !== null };
};

type Call = [name: string, arg?: unknown];
function recorded() {
  const calls: Call[] = [];
  const machine = voiceRecordingMachine.provide({
    actors: {
      recorder: fromCallback<RecorderCommand>(({ receive }) => {
        calls.push(['microphone.request']);
        receive((command) => void calls.push([command.type]));
        return () => void calls.push(['microphone.release']);
      }),
      uploadVoiceNote: fromCallback<{ type: 'none' }, UploadInput>(({ input }) => {
        calls.push(['upload', input]);
        return () => void calls.push(['upload.end']);
      }),
    },
    actions: { attach: (_, params: VoiceAttachment) => void calls.push(['attach', params]) },
  });
  return { machine, calls };
}

const { machine: model } = recorded();
const paths = [...simplePaths(model, events, { serializeContext }), ...transitionCoverPaths(model, events, { serializeContext })];

describe('voice recording machine: every path of its graph', () => {
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(20));

  for (const path of paths) {
    it(describePath(path), () => {
      const { machine, calls } = recorded();
      let seen = 0;
      let before = path.steps[0]!.state;
      walkPath(machine, path, (step, actor, index) => {
        const fresh = calls.slice(seen);
        seen = calls.length;
        const snapshot = actor.getSnapshot() as typeof step.state;
        const context = snapshot.context;
        const event = step.event as ModelEvent;
        if (index === 0) {
          expect(fresh).toEqual([]);
          return;
        }
        const wasActive = before.matches('active');
        const isActive = snapshot.matches('active');
        // The microphone is asked for on entering, and released on leaving, whatever the way out.
        if (!wasActive && isActive) expect(fresh[0]).toEqual(['microphone.request']);
        if (wasActive && !isActive) expect(fresh).toContainEqual(['microphone.release']);
        if (!isActive) expect(fresh.filter(([n]) => n === 'microphone.request')).toEqual([]);
        if (!before.matches({ active: 'finishing' }) && snapshot.matches({ active: 'finishing' })) {
          expect(fresh).toEqual([['recorder.stop']]);
        }
        // Permission errors are swallowed: back to idle, nothing reported.
        if (event.type === 'microphone.denied' && before.matches({ active: 'requestingPermission' })) {
          expect(snapshot.value).toBe('idle');
          expect(fresh).toEqual([['microphone.release']]);
        }
        if (event.type === 'xstate.after.second.voice.active.recording.counting' && before.matches({ active: 'recording' })) {
          expect(context.elapsedSeconds).toBe(before.context.elapsedSeconds + 1);
        }
        if (snapshot.matches({ saved: 'uploading' }) && !before.matches({ saved: 'uploading' })) {
          expect(context.blob).toBe(note);
          expect(fresh).toContainEqual(['upload', { blob: note, durationSeconds: context.elapsedSeconds }]);
          expect(context.progress).toBe(0);
        }
        if (event.type === 'upload.progress' && before.matches({ saved: 'uploading' })) expect(context.progress).toBe(42);
        const attached = fresh.filter(([n]) => n === 'attach');
        if (event.type === 'upload.done' && before.matches({ saved: 'uploading' })) {
          expect(attached).toEqual([['attach', attachment]]);
          expect(fresh).toContainEqual(['upload.end']);
        } else {
          expect(attached).toEqual([]);
        }
        if (snapshot.matches({ saved: 'failed' })) expect(context.error).toBe('Une erreur est survenue, veuillez réessayer');
        if (snapshot.matches('idle')) expect(context).toEqual({ elapsedSeconds: 0, blob: null, progress: 0, error: null });
        before = snapshot;
      });
    });
  }

  it('takes every transition of the machine in some path', () => {
    expectEveryEdgeTaken(model, [paths]);
  });
});

describe('voice recording against a simulated clock', () => {
  // The simulated clock fires what is due at each increment; a second's tick schedules the next.
  const advance = (clock: SimulatedClock, ms: number) => {
    for (let t = 0; t < ms; t += 1000) clock.increment(Math.min(1000, ms - t));
  };
  function start() {
    const { machine, calls } = recorded();
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'recording.start' });
    actor.send({ type: 'microphone.granted' });
    return { actor, clock, calls };
  }

  it('counts minutes and seconds while recording', () => {
    const { actor, clock } = start();
    clock.increment(1000);
    expect(formatElapsed(actor.getSnapshot().context.elapsedSeconds)).toBe('00:01');
    advance(clock, 64_000);
    expect(formatElapsed(actor.getSnapshot().context.elapsedSeconds)).toBe('01:05');
    actor.stop();
  });

  it('stops by itself at 20:00 and keeps the audio blob', () => {
    const { actor, clock, calls } = start();
    advance(clock, VOICE_RECORDING_MAX_MS - 1000);
    expect(actor.getSnapshot().matches({ active: 'recording' })).toBe(true);
    expect(formatElapsed(actor.getSnapshot().context.elapsedSeconds)).toBe('19:59');
    clock.increment(1000);
    expect(actor.getSnapshot().matches({ active: 'finishing' })).toBe(true);
    expect(calls).toContainEqual(['recorder.stop']);
    // No second is counted past the limit.
    advance(clock, 5000);
    expect(formatElapsed(actor.getSnapshot().context.elapsedSeconds)).toBe('20:00');
    actor.send({ type: 'recording.data', blob: note });
    expect(actor.getSnapshot().matches({ saved: 'uploading' })).toBe(true);
    expect(actor.getSnapshot().context.blob).toBe(note);
    expect(calls).toContainEqual(['upload', { blob: note, durationSeconds: 1200 }]);
    actor.stop();
  });

  it('a cancelled recording leaves nothing and frees the microphone', () => {
    const { actor, clock, calls } = start();
    advance(clock, 3000);
    actor.send({ type: 'recording.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.blob).toBeNull();
    expect(calls.at(-1)).toEqual(['microphone.release']);
    expect(calls.some(([n]) => n === 'upload')).toBe(false);
    actor.stop();
  });
});

describe('formatElapsed', () => {
  it('writes minutes and seconds on two digits', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(59)).toBe('00:59');
    expect(formatElapsed(1200)).toBe('20:00');
  });
});
