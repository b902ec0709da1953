import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { PROFILE_PICTURE_RULE, uploadRule, type UploadRule } from '../../src/domain/upload-rules';
import {
  uploadMachine,
  type CheckOutput,
  type SendFileEvent,
  type SendFileInput,
  type UploadContext,
  type UploadedFile,
} from '../../src/machines/upload-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const photo = new File([PNG], 'photo.png', { type: 'image/png' });
const uploaded: UploadedFile = { id: 'up1', attachmentType: 'image', name: 'photo.png', url: '/rest/upload/files/up1' };
const REFUSED = 'Type de fichier non accepté. Fichiers acceptés : images JPEG, PNG, GIF ou WebP.';
const FAILED = 'Une erreur est survenue, veuillez réessayer';

const events: ModelEvent[] = [
  { type: 'upload.choose', file: photo, rule: PROFILE_PICTURE_RULE },
  { type: 'xstate.done.actor.checkFile', output: { ok: true, file: photo } satisfies CheckOutput },
  { type: 'xstate.done.actor.checkFile', output: { ok: false, error: REFUSED } satisfies CheckOutput },
  { type: 'xstate.error.actor.checkFile', error: new Error('lecture impossible') },
  { type: 'upload.progress', percent: 42.4 },
  { type: 'upload.done', uploaded },
  { type: 'upload.failed', error: FAILED },
  { type: 'upload.cancel' },
  { type: 'upload.retry' },
  { type: 'upload.remove' },
];

// Which of the fields are set is what the machine decides on; the walk checks their values.
const serializeContext = (snapshot: { context: unknown }) => {
  const c = snapshot.context as UploadContext;
  return { file: c.file !== null, progress: c.progress > 0 && c.progress < 100, error: c.error, uploaded: c.uploaded !== null };
};

type Call = [name: string, arg?: unknown];
/** The machine with effects that only record: the check and the sending never answer by themselves. */
function recorded() {
  const calls: Call[] = [];
  const machine = uploadMachine.provide({
    actors: {
      checkFile: fromPromise<CheckOutput, { file: File; rule: UploadRule }>(async ({ input }) => {
        calls.push(['check', input.file]);
        return new Promise<CheckOutput>(() => {});
      }),
      sendFile: fromCallback<{ type: 'none' }, SendFileInput>(({ input }) => {
        calls.push(['send', input.file]);
        return () => void calls.push(['abort']);
      }),
    },
    actions: { uploaded: (_, file: UploadedFile) => void calls.push(['uploaded', file]) },
  });
  return { machine, calls };
}

const { machine: model } = recorded();
const paths = [...simplePaths(model, events, { serializeContext }), ...transitionCoverPaths(model, events, { serializeContext })];

describe('upload machine: every path of its graph', () => {
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(30));

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
          expect(snapshot.value).toBe('idle');
          expect(fresh).toEqual([]);
          return;
        }
        type State = 'checking' | 'uploading';
        const entered = (state: State) => snapshot.matches(state) && (!before.matches(state) || event.type === 'upload.retry');
        const left = (state: State) => before.matches(state) && !snapshot.matches(state);
        // Choosing checks the file; a file is never taken while another is checked or sent.
        if (entered('checking')) expect(fresh).toEqual([['check', photo]]);
        if (event.type === 'upload.choose' && (before.matches('checking') || before.matches('uploading'))) expect(fresh).toEqual([]);
        // A refusal says why in French; a check that could not run asks to try again.
        if (event.type === 'xstate.done.actor.checkFile' && before.matches('checking')) {
          expect(snapshot.value).toBe((event.output as CheckOutput).ok ? 'uploading' : 'refused');
          if (snapshot.matches('refused')) expect(context.error).toBe(REFUSED);
        }
        if (event.type === 'xstate.error.actor.checkFile' && before.matches('checking')) expect(context).toMatchObject({ error: FAILED });
        // Sending starts on entering `uploading` with no progress and no error, and is aborted on
        // any way out but its own end.
        if (entered('uploading')) {
          expect(fresh[0]).toEqual(['send', photo]);
          expect(context.progress).toBe(0);
          expect(context.error).toBeNull();
        }
        if (left('uploading') && event.type !== 'upload.done' && event.type !== 'upload.failed') expect(fresh).toContainEqual(['abort']);
        if (event.type === 'upload.progress' && before.matches('uploading')) expect(context.progress).toBe(42);
        // The result is handed over once, and only when the server took the file.
        const handed = fresh.filter(([name]) => name === 'uploaded');
        if (event.type === 'upload.done' && before.matches('uploading')) {
          expect(handed).toEqual([['uploaded', uploaded]]);
          expect(context).toMatchObject({ uploaded, progress: 100 });
        } else {
          expect(handed).toEqual([]);
        }
        if (snapshot.matches('failed')) expect(context.error).toBe(FAILED);
        if (event.type === 'upload.cancel' && (before.matches('checking') || before.matches('uploading'))) expect(snapshot.value).toBe('cancelled');
        if (snapshot.matches('idle')) expect(context).toEqual({ rule: null, file: null, progress: 0, error: null, uploaded: null });
        else expect(context.rule).toBe(PROFILE_PICTURE_RULE);
        before = snapshot;
      });
    });
  }

  it('takes every transition of the machine in some path', () => {
    expectEveryEdgeTaken(model, [paths]);
  });
});

describe('an upload with the real check and a sending that answers', () => {
  /** Sends after two progress reports, failing the first `failures` attempts. */
  function sending(failures: number) {
    const sent: File[] = [];
    const machine = uploadMachine.provide({
      actors: {
        sendFile: fromCallback<{ type: 'none' }, SendFileInput>(({ input, sendBack }) => {
          sent.push(input.file);
          const attempt = sent.length;
          const report = (event: SendFileEvent) => queueMicrotask(() => sendBack(event));
          report({ type: 'upload.progress', percent: 30 });
          report(attempt <= failures ? { type: 'upload.failed', error: FAILED } : { type: 'upload.done', uploaded: { ...uploaded, name: input.file.name } });
          return () => {};
        }),
      },
    });
    return { machine, sent };
  }

  it('checks, sends and hands the picture over', async () => {
    const { machine, sent } = sending(0);
    const actor = createActor(machine).start();
    actor.send({ type: 'upload.choose', file: photo, rule: PROFILE_PICTURE_RULE });
    expect(actor.getSnapshot().value).toBe('checking');
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(done.context.uploaded).toMatchObject({ id: 'up1', name: 'photo.png' });
    expect(sent).toEqual([photo]);
  });

  it('refuses what the picker does not accept before sending anything, in French', async () => {
    const { machine, sent } = sending(0);
    const actor = createActor(machine).start();
    actor.send({ type: 'upload.choose', file: new File(['%PDF-1.4'], 'bilan.pdf', { type: 'application/pdf' }), rule: PROFILE_PICTURE_RULE });
    expect((await waitFor(actor, (s) => s.matches('refused'))).context.error).toBe(REFUSED);
    actor.send({ type: 'upload.choose', file: new File([new Uint8Array(6 * 1024 * 1024)], 'grande.png', { type: 'image/png' }), rule: PROFILE_PICTURE_RULE });
    expect((await waitFor(actor, (s) => s.matches('refused') && s.context.file?.name === 'grande.png')).context.error).toBe(
      'Fichier trop volumineux : 5 Mo maximum pour une image.',
    );
    expect(sent).toEqual([]);
  });

  it('retries a failed upload and succeeds', async () => {
    const { machine, sent } = sending(1);
    const actor = createActor(machine).start();
    actor.send({ type: 'upload.choose', file: photo, rule: PROFILE_PICTURE_RULE });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context).toMatchObject({ error: FAILED, progress: 30 });
    actor.send({ type: 'upload.retry' });
    expect(actor.getSnapshot().context).toMatchObject({ progress: 0, error: null });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).toEqual([photo, photo]);
  });

  it('types a file the system gave no type by its extension', async () => {
    const { machine, sent } = sending(0);
    const actor = createActor(machine).start();
    actor.send({ type: 'upload.choose', file: new File(['texte'], 'compte-rendu.docx', { type: '' }), rule: uploadRule(['image', 'file']) });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent[0]?.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(sent[0]?.name).toBe('compte-rendu.docx');
  });

  it('a cancelled upload stops its request', async () => {
    let aborted = 0;
    const machine = uploadMachine.provide({ actors: { sendFile: fromCallback(() => () => void (aborted += 1)) } });
    const actor = createActor(machine).start();
    actor.send({ type: 'upload.choose', file: photo, rule: PROFILE_PICTURE_RULE });
    await waitFor(actor, (s) => s.matches('uploading'));
    actor.send({ type: 'upload.cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(aborted).toBe(1);
  });
});
