import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { AttachmentType } from '../contract/chat';
import { checkFile, type UploadRule } from '../domain/upload-rules';
import { UPLOAD_TEXT } from '../domain/upload-text-fr';

/** What an uploaded file became on the server: an attachment, or a profile picture. */
export type UploadedFile = { id: string; attachmentType: AttachmentType; name: string; url: string | null };

/** The check's verdict: the file to send (typed by its extension when the system gave no type), or why not. */
export type CheckOutput = { ok: true; file: File } | { ok: false; error: string };

/** What the sending actor tells the machine. */
export type SendFileEvent =
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.done'; uploaded: UploadedFile }
  | { type: 'upload.failed'; error: string };

export type UploadEvent =
  /** A chosen file, with the rule in force when it was chosen (a member's rights may change). */
  | { type: 'upload.choose'; file: File; rule: UploadRule }
  | { type: 'upload.cancel' }
  | { type: 'upload.retry' }
  | { type: 'upload.remove' }
  | SendFileEvent;

export type UploadContext = {
  /** What the picker accepted when the file was chosen. */
  rule: UploadRule | null;
  /** The chosen file, then the one being sent. */
  file: File | null;
  /** Sent bytes, 0 to 100. */
  progress: number;
  /** Why the file was refused or its upload failed, in French. */
  error: string | null;
  uploaded: UploadedFile | null;
};

export type SendFileInput = { file: File };

/**
 * The upload of one file from a picker: checked first (type and size, with the French reason of a
 * refusal), then sent with its progress; a failure offers a retry, the upload can be cancelled,
 * and a refused, failed, cancelled or sent file can be removed or replaced by another. The
 * sending is an injected callback actor whose cleanup aborts the request, so leaving `uploading`
 * in any way stops it; `uploaded` hands the result to the form that owns the picker.
 */
export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
  },
  actors: {
    // Pure, so it is the real check here as in the tests; an actor so that `checking` is a step.
    checkFile: fromPromise<CheckOutput, { file: File; rule: UploadRule }>(async ({ input }) => {
      const check = checkFile(input.file, input.rule);
      if (!check.ok) return check;
      const file = check.mimeType === input.file.type ? input.file : new File([input.file], input.file.name, { type: check.mimeType });
      return { ok: true, file };
    }),
    sendFile: fromCallback<{ type: 'none' }, SendFileInput>(() => () => {}),
  },
  actions: {
    uploaded: (_, _file: UploadedFile) => {},
    // A new file replaces whatever came before; none is taken while one is checked or sent.
    choose: assign(({ event }) => (event.type === 'upload.choose' ? { file: event.file, rule: event.rule, error: null, uploaded: null, progress: 0 } : {})),
  },
}).createMachine({
  id: 'upload',
  context: { rule: null, file: null, progress: 0, error: null, uploaded: null },
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ file: null, rule: null, progress: 0, error: null, uploaded: null }),
      on: { 'upload.choose': { target: 'checking', actions: 'choose' } },
    },
    checking: {
      on: { 'upload.cancel': 'cancelled' },
      invoke: {
        id: 'checkFile',
        src: 'checkFile',
        input: ({ context }) => ({ file: context.file as File, rule: context.rule as UploadRule }),
        onDone: [
          { guard: ({ event }) => !event.output.ok, target: 'refused', actions: assign({ error: ({ event }) => (event.output.ok ? null : event.output.error) }) },
          { target: 'uploading', actions: assign({ file: ({ context, event }) => (event.output.ok ? event.output.file : context.file) }) },
        ],
        onError: { target: 'refused', actions: assign({ error: UPLOAD_TEXT.failed }) },
      },
    },
    uploading: {
      entry: assign({ progress: 0, error: null }),
      invoke: { id: 'sendFile', src: 'sendFile', input: ({ context }) => ({ file: context.file as File }) },
      on: {
        'upload.progress': { actions: assign({ progress: ({ event }) => Math.max(0, Math.min(100, Math.round(event.percent))) }) },
        'upload.done': {
          target: 'done',
          actions: [assign({ uploaded: ({ event }) => event.uploaded, progress: 100 }), { type: 'uploaded', params: ({ event }) => event.uploaded }],
        },
        'upload.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
        'upload.cancel': 'cancelled',
      },
    },
    failed: {
      on: { 'upload.retry': 'uploading', 'upload.remove': 'idle', 'upload.choose': { target: 'checking', actions: 'choose' } },
    },
    refused: {
      on: { 'upload.remove': 'idle', 'upload.choose': { target: 'checking', actions: 'choose' } },
    },
    cancelled: {
      on: { 'upload.remove': 'idle', 'upload.choose': { target: 'checking', actions: 'choose' } },
    },
    done: {
      on: { 'upload.remove': 'idle', 'upload.choose': { target: 'checking', actions: 'choose' } },
    },
  },
});
