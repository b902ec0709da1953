import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { fromCallback, type ActorRefFrom } from 'xstate';
import { acceptAttribute, acceptedSummary, type UploadRule } from '../../domain/upload-rules';
import { UPLOAD_TEXT } from '../../domain/upload-text-fr';
import { uploadMachine, type SendFileEvent, type SendFileInput, type UploadedFile } from '../../machines/upload-machine';
import { HiddenFileInput, useFileDrop, VISUALLY_HIDDEN } from './file-input';
import { Icon } from './icons';
import { ProgressBar } from './progress-bar';
import { IconButton, TextButton } from './upload-buttons';

export type UploadAnswer = { ok: true; data: UploadedFile } | { ok: false; error: string };
/** The upload a screen gives its picker, taken from the data layer (the picker never fetches). */
export type UploadEffect = (file: File, options: { onProgress: (percent: number) => void; signal: AbortSignal }) => Promise<UploadAnswer>;

export type FileUpload = {
  actor: ActorRefFrom<typeof uploadMachine>;
  rule: UploadRule;
  /** The input's `accept`: the rule's mime types and extensions. */
  accept: string;
  /** 'Images JPEG, PNG, GIF ou WebP — 5 Mo maximum', and the id of the element that says it. */
  summary: string;
  hintId: string;
  inputRef: RefObject<HTMLInputElement | null>;
  /** A file is being checked or sent: the trigger takes no other until it ends. */
  busy: boolean;
  /** The upload has something to say (`UploadStatus` renders): on its way, failed, refused or cancelled. */
  shown: boolean;
  choose: (file: File) => void;
  open: () => void;
};

/**
 * One file picker's upload: the upload machine with the screen's upload effect as its sending
 * actor (aborted when the machine leaves `uploading`), and what its trigger needs.
 */
export function useFileUpload(options: { rule: UploadRule; upload: UploadEffect | null; onUploaded: (file: UploadedFile) => void }): FileUpload {
  const latest = useRef(options);
  latest.current = options;
  const actor = useActorRef(
    uploadMachine.provide({
      actors: {
        sendFile: fromCallback<{ type: 'none' }, SendFileInput>(({ input, sendBack }) => {
          const controller = new AbortController();
          const send = (event: SendFileEvent) => {
            if (!controller.signal.aborted) sendBack(event);
          };
          const upload = latest.current.upload;
          if (!upload) send({ type: 'upload.failed', error: UPLOAD_TEXT.failed });
          else
            upload(input.file, { onProgress: (percent) => send({ type: 'upload.progress', percent }), signal: controller.signal }).then(
              (answer) => send(answer.ok ? { type: 'upload.done', uploaded: answer.data } : { type: 'upload.failed', error: answer.error }),
              () => send({ type: 'upload.failed', error: UPLOAD_TEXT.failed }),
            );
          return () => controller.abort();
        }),
      },
      actions: { uploaded: (_, file) => latest.current.onUploaded(file) },
    }),
  );
  const busy = useSelector(actor, (s) => s.matches('checking') || s.matches('uploading'));
  const shown = useSelector(actor, (s) => !s.matches('idle') && !s.matches('done'));
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const { rule } = options;
  return {
    actor,
    rule,
    accept: acceptAttribute(rule),
    summary: acceptedSummary(rule),
    hintId,
    inputRef,
    busy,
    shown,
    choose: (file) => actor.send({ type: 'upload.choose', file, rule }),
    open: () => {
      if (!busy) inputRef.current?.click();
    },
  };
}

/**
 * Where the upload stands, for the eye and the ear: what is checked, the progress bar with a
 * way to cancel, a failure with 'Réessayer' and a way to remove the file, a refusal that says why.
 * Nothing once the file is sent (the screen shows it its own way) or before one is chosen.
 */
export function UploadStatus({ upload, thumbnail = true }: { upload: FileUpload; thumbnail?: boolean }) {
  const { actor } = upload;
  const status = useSelector(actor, (s) => s.value);
  const file = useSelector(actor, (s) => s.context.file);
  const progress = useSelector(actor, (s) => s.context.progress);
  const error = useSelector(actor, (s) => s.context.error);
  const preview = usePreviewUrl(thumbnail && (status === 'uploading' || status === 'failed') ? file : null);
  const name = file?.name ?? '';
  const remove = (
    <IconButton type="button" aria-label={UPLOAD_TEXT.remove(name)} title={UPLOAD_TEXT.remove(name)} onClick={() => actor.send({ type: 'upload.remove' })}>
      <Icon name="close" size={18} />
    </IconButton>
  );
  let body: ReactNode = null;
  if (status === 'checking') body = <span role="status">{UPLOAD_TEXT.checking(name)}</span>;
  if (status === 'uploading')
    body = (
      <>
        <Name>{name}</Name>
        <ProgressBar label={UPLOAD_TEXT.uploading(name)} percent={progress} />
        <IconButton type="button" aria-label={UPLOAD_TEXT.cancel} title={UPLOAD_TEXT.cancel} onClick={() => actor.send({ type: 'upload.cancel' })}>
          <Icon name="close" size={18} />
        </IconButton>
      </>
    );
  if (status === 'failed')
    body = (
      <>
        <Failure role="alert">{error}</Failure>
        <TextButton type="button" onClick={() => actor.send({ type: 'upload.retry' })}>
          <Icon name="retry" size={18} />
          {UPLOAD_TEXT.retry}
        </TextButton>
        {remove}
      </>
    );
  if (status === 'refused')
    body = (
      <>
        <Failure role="alert">{error}</Failure>
        {remove}
      </>
    );
  if (status === 'cancelled') return <span role="status" style={VISUALLY_HIDDEN}>{UPLOAD_TEXT.cancelled}</span>;
  if (body === null) return null;
  return (
    <Strip data-status={status}>
      {preview ? <Thumb src={preview} alt={UPLOAD_TEXT.preview(name)} /> : null}
      {body}
    </Strip>
  );
}

/**
 * A picker with room around it: a drop zone holding the French button, the accepted types and
 * limit, the image being sent (or the current one) and the upload's status.
 */
export function FilePicker(props: {
  upload: FileUpload;
  /** What is chosen: 'Photo de profil', 'Pièces jointes'. */
  label: string;
  buttonText: string;
  /** The picture in place, shown until another is on its way (a profile photo). */
  current?: { url: string; alt: string } | null;
  round?: boolean;
}) {
  const { upload } = props;
  const labelId = useId();
  const { dragging, handlers } = useFileDrop(upload.choose, !upload.busy);
  const status = useSelector(upload.actor, (s) => s.value);
  const file = useSelector(upload.actor, (s) => s.context.file);
  const inFlight = status === 'checking' || status === 'uploading' || status === 'failed';
  const preview = usePreviewUrl(props.round && inFlight ? file : null);
  return (
    <Zone role="group" aria-labelledby={labelId} data-dragging={dragging || undefined} {...handlers}>
      <ZoneLabel id={labelId}>{props.label}</ZoneLabel>
      <ZoneRow>
        {props.round ? (
          preview ? (
            <Avatar src={preview} alt={UPLOAD_TEXT.preview(file?.name ?? '')} width={96} height={96} />
          ) : props.current ? (
            <Avatar src={props.current.url} alt={props.current.alt} width={96} height={96} />
          ) : (
            <AvatarPlaceholder aria-hidden="true">
              <Icon name="image" size={32} />
            </AvatarPlaceholder>
          )
        ) : null}
        <ZoneText>
          <span>{dragging ? UPLOAD_TEXT.dropNow : UPLOAD_TEXT.dropHere}</span>
          <PickButton type="button" aria-describedby={upload.hintId} aria-disabled={upload.busy || undefined} onClick={upload.open}>
            <Icon name="upload" size={18} />
            {props.buttonText}
          </PickButton>
          <Hint id={upload.hintId}>{upload.summary}</Hint>
        </ZoneText>
      </ZoneRow>
      <HiddenFileInput inputRef={upload.inputRef} accept={upload.accept} onFile={upload.choose} />
      {/* A round picker shows the image being sent in place of the current one. */}
      <UploadStatus upload={upload} thumbnail={!props.round} />
    </Zone>
  );
}

/** An object URL of the image being sent, revoked when it changes or the picker goes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

const Strip = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  min-width: 0;
  padding: 4px 4px 4px 8px;
  border-radius: 8px;
  border: 1px solid var(--border);
  background: var(--surface);
  font-size: 13px;
  &[data-status='failed'],
  &[data-status='refused'] {
    border-color: var(--danger);
  }
`;
const Thumb = styled.img`
  width: 40px;
  height: 40px;
  border-radius: 6px;
  object-fit: cover;
`;
const Name = styled.span`
  max-width: 16em;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
const Failure = styled.span`
  flex: 1 1 12em;
  color: var(--danger);
`;
const Zone = styled.div`
  display: grid;
  gap: 10px;
  padding: 14px;
  border: 2px dashed var(--border);
  border-radius: var(--radius);
  background: var(--surface);
  &[data-dragging] {
    border-color: var(--accent);
    background: var(--accent-soft);
  }
`;
const ZoneLabel = styled.span`
  font-size: 14px;
  font-weight: 600;
  color: var(--text);
`;
const ZoneRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 16px;
`;
const ZoneText = styled.div`
  display: grid;
  justify-items: start;
  gap: 6px;
  min-width: 0;
  flex: 1 1 14em;
  font-size: 14px;
  color: var(--text);
`;
const PickButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  padding: 0 16px;
  border-radius: 8px;
  border: 1px solid var(--accent);
  background: transparent;
  color: var(--accent);
  font-weight: 600;
  cursor: pointer;
  &[aria-disabled] {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;
const Hint = styled.span`
  font-size: 13px;
  color: var(--muted);
`;
const Avatar = styled.img`
  width: 96px;
  height: 96px;
  border-radius: 50%;
  object-fit: cover;
  flex: none;
`;
const AvatarPlaceholder = styled.span`
  display: grid;
  place-items: center;
  width: 96px;
  height: 96px;
  border-radius: 50%;
  background: var(--bg);
  color: var(--muted);
  flex: none;
`;
