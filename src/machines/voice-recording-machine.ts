import { assign, fromCallback, sendTo, setup } from 'xstate';
import { VOICE_RECORDING_MAX_MS } from '../domain/chat-limits';

/** The attachment a saved voice note became once uploaded. */
export type VoiceAttachment = { id: string; attachmentType: 'audio'; name: string };

/** What the microphone actor tells the machine. */
export type RecorderEvent =
  | { type: 'microphone.granted' }
  | { type: 'microphone.denied' }
  | { type: 'recording.data'; blob: Blob }
  | { type: 'recorder.failed' };

/** What the upload actor tells the machine. */
export type UploadEvent =
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.done'; attachment: VoiceAttachment }
  | { type: 'upload.failed'; error: string };

export type VoiceRecordingEvent =
  | { type: 'recording.start' }
  | { type: 'recording.save' }
  | { type: 'recording.cancel' }
  | { type: 'recording.retry' }
  | { type: 'recording.discard' }
  | RecorderEvent
  | UploadEvent;

export type VoiceRecordingContext = {
  /** Whole seconds recorded, shown as minutes and seconds. */
  elapsedSeconds: number;
  /** The saved note (spec 2 §4: the result is an audio blob). */
  blob: Blob | null;
  /** Upload progress of the saved note, 0 to 100. */
  progress: number;
  error: string | null;
};

/** The microphone actor is told to stop; it answers with `recording.data`. */
export type RecorderCommand = { type: 'recorder.stop' };
export type UploadInput = { blob: Blob; durationSeconds: number };

/**
 * Voice recording (spec 2 §4): recording starts once the microphone is granted, counts minutes
 * and seconds, stops by itself at 20 minutes; the saved note is an audio blob, uploaded as an
 * audio attachment with its progress; cancel drops it. Permission errors are swallowed: the
 * machine just goes back to idle. The microphone and the upload are injected callback actors.
 */
export const voiceRecordingMachine = setup({
  types: {
    context: {} as VoiceRecordingContext,
    events: {} as VoiceRecordingEvent,
  },
  actors: {
    // Asks for the microphone, records, and on 'recorder.stop' hands the blob back; its cleanup
    // releases the microphone whatever state the machine leaves for.
    recorder: fromCallback<RecorderCommand>(() => () => {}),
    uploadVoiceNote: fromCallback<{ type: 'none' }, UploadInput>(() => () => {}),
  },
  actions: {
    attach: (_, _attachment: VoiceAttachment) => {},
  },
  delays: { second: 1000, maxDuration: VOICE_RECORDING_MAX_MS },
}).createMachine({
  id: 'voice',
  context: { elapsedSeconds: 0, blob: null, progress: 0, error: null },
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ elapsedSeconds: 0, blob: null, progress: 0, error: null }),
      on: { 'recording.start': 'active' },
    },
    active: {
      invoke: { id: 'recorder', src: 'recorder' },
      on: {
        'recording.cancel': 'idle',
        'recorder.failed': 'idle',
      },
      initial: 'requestingPermission',
      states: {
        requestingPermission: {
          on: {
            'microphone.granted': 'recording',
            'microphone.denied': '#voice.idle',
          },
        },
        recording: {
          after: {
            // The limit and the last second fall due together: the note is exactly 20:00 long.
            maxDuration: { target: 'finishing', actions: assign({ elapsedSeconds: VOICE_RECORDING_MAX_MS / 1000 }) },
          },
          on: { 'recording.save': 'finishing' },
          initial: 'counting',
          states: {
            counting: {
              after: {
                second: {
                  target: 'counting',
                  reenter: true,
                  actions: assign({ elapsedSeconds: ({ context }) => context.elapsedSeconds + 1 }),
                },
              },
            },
          },
        },
        finishing: {
          entry: sendTo('recorder', { type: 'recorder.stop' }),
          on: {
            'recording.data': { target: '#voice.saved', actions: assign({ blob: ({ event }) => event.blob }) },
          },
        },
      },
    },
    saved: {
      on: { 'recording.cancel': 'idle' },
      initial: 'uploading',
      states: {
        uploading: {
          entry: assign({ progress: 0, error: null }),
          invoke: {
            id: 'uploadVoiceNote',
            src: 'uploadVoiceNote',
            input: ({ context }) => ({ blob: context.blob as Blob, durationSeconds: context.elapsedSeconds }),
          },
          on: {
            'upload.progress': { actions: assign({ progress: ({ event }) => Math.max(0, Math.min(100, Math.round(event.percent))) }) },
            'upload.done': { target: '#voice.idle', actions: { type: 'attach', params: ({ event }) => event.attachment } },
            'upload.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
        failed: {
          on: {
            'recording.retry': 'uploading',
            'recording.discard': '#voice.idle',
          },
        },
      },
    },
  },
});
