import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromCallback } from 'xstate';
import { VOICE_TEXT } from '../../domain/messaging-text-fr';
import { UPLOAD_TEXT } from '../../domain/upload-text-fr';
import { formatElapsed } from '../../domain/media-time';
import {
  voiceRecordingMachine,
  type RecorderCommand,
  type RecorderEvent,
  type UploadEvent,
  type UploadInput,
  type VoiceAttachment,
} from '../../machines/voice-recording-machine';
import { Icon } from '../common/icons';
import { ProgressBar } from '../common/progress-bar';
import { IconButton, TextButton } from '../common/upload-buttons';
import { ToolButton } from './tool-button';
import { useChat } from './use-chat';

/**
 * Voice notes in a composer (spec 2 §4): the voice recording machine with the microphone
 * (MediaRecorder) and the upload (`POST /upload`, type audio, with its progress) as its actors.
 * The uploaded note is handed to the composer as an attachment.
 */
export function VoiceRecorder({ onAttach, startNow = false }: { onAttach: (attachment: VoiceAttachment) => void; startNow?: boolean }) {
  const chat = useChat();
  const chatRef = useRef(chat);
  chatRef.current = chat;
  const onAttachRef = useRef(onAttach);
  onAttachRef.current = onAttach;
  const voice = useActorRef(
    voiceRecordingMachine.provide({
      actors: { recorder: microphone, uploadVoiceNote: fromCallback<{ type: 'none' }, UploadInput>(({ input, sendBack }) => {
        const controller = new AbortController();
        const send = (event: UploadEvent) => {
          if (!controller.signal.aborted) sendBack(event);
        };
        const upload = chatRef.current?.upload;
        if (!upload) {
          send({ type: 'upload.failed', error: UPLOAD_TEXT.failed });
          return () => controller.abort();
        }
        const file = new File([input.blob], VOICE_TEXT.fileName(formatElapsed(input.durationSeconds)), { type: input.blob.type || 'audio/webm' });
        void upload(file, { onProgress: (percent) => send({ type: 'upload.progress', percent }), signal: controller.signal }).then(
          (answer) =>
            send(
              answer.ok
                ? { type: 'upload.done', attachment: { id: answer.data.attachmentId, attachmentType: 'audio', name: answer.data.name } }
                : { type: 'upload.failed', error: answer.error },
            ),
          () => send({ type: 'upload.failed', error: UPLOAD_TEXT.failed }),
        );
        return () => controller.abort();
      }) },
      actions: { attach: (_, attachment) => onAttachRef.current(attachment) },
    }),
  );
  const state = useSelector(voice, (s) =>
    s.matches({ active: 'requestingPermission' })
      ? 'requesting'
      : s.matches({ active: 'recording' })
        ? 'recording'
        : s.matches({ active: 'finishing' })
          ? 'finishing'
          : s.matches({ saved: 'uploading' })
            ? 'uploading'
            : s.matches({ saved: 'failed' })
              ? 'failed'
              : 'idle',
  );
  // Loaded by the microphone's first press: that press starts the first recording.
  useEffect(() => {
    if (startNow) voice.send({ type: 'recording.start' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as it comes
  }, []);
  const elapsed = useSelector(voice, (s) => s.context.elapsedSeconds);
  const progress = useSelector(voice, (s) => s.context.progress);
  const error = useSelector(voice, (s) => s.context.error);

  if (state === 'idle') {
    return (
      <ToolButton type="button" aria-label={VOICE_TEXT.record} title={VOICE_TEXT.record} onClick={() => voice.send({ type: 'recording.start' })}>
        <Icon name="mic" size={20} />
      </ToolButton>
    );
  }
  return (
    <Strip>
      {state === 'requesting' ? <span role="status">{VOICE_TEXT.requesting}</span> : null}
      {state === 'recording' ? (
        <>
          <Dot aria-hidden />
          <span role="timer" aria-label={VOICE_TEXT.recording}>
            {formatElapsed(elapsed)}
          </span>
          <TextButton type="button" onClick={() => voice.send({ type: 'recording.save' })}>
            <Icon name="stop" size={16} />
            {VOICE_TEXT.save}
          </TextButton>
        </>
      ) : null}
      {state === 'finishing' ? <span role="status">{VOICE_TEXT.finishing}</span> : null}
      {state === 'uploading' ? <ProgressBar label={VOICE_TEXT.uploading} percent={progress} /> : null}
      {state === 'failed' ? (
        <>
          <Failed role="alert">{error}</Failed>
          <TextButton type="button" onClick={() => voice.send({ type: 'recording.retry' })}>
            <Icon name="retry" size={16} />
            {VOICE_TEXT.retry}
          </TextButton>
          <IconButton type="button" aria-label={VOICE_TEXT.discard} title={VOICE_TEXT.discard} onClick={() => voice.send({ type: 'recording.discard' })}>
            <Icon name="trash" size={18} />
          </IconButton>
        </>
      ) : (
        <IconButton type="button" aria-label={VOICE_TEXT.cancel} title={VOICE_TEXT.cancel} onClick={() => voice.send({ type: 'recording.cancel' })}>
          <Icon name="close" size={18} />
        </IconButton>
      )}
    </Strip>
  );
}

/** The microphone: asked for on start, recorded until told to stop, released on any way out. */
const microphone = fromCallback<RecorderCommand>(({ sendBack, receive }) => {
  const send = (event: RecorderEvent) => sendBack(event);
  let released = false;
  let stream: MediaStream | null = null;
  let recorder: MediaRecorder | null = null;
  const chunks: Blob[] = [];
  const stopTracks = () => stream?.getTracks().forEach((track) => track.stop());

  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices || typeof MediaRecorder === 'undefined') send({ type: 'microphone.denied' });
  else
    devices.getUserMedia({ audio: true }).then(
      (granted) => {
        stream = granted;
        if (released) return stopTracks();
        const mimeType = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg', 'audio/mp4'].find((type) => MediaRecorder.isTypeSupported(type));
        recorder = new MediaRecorder(granted, mimeType ? { mimeType } : undefined);
        recorder.ondataavailable = (event) => {
          if (event.data.size > 0) chunks.push(event.data);
        };
        recorder.onstop = () => {
          if (!released) send({ type: 'recording.data', blob: new Blob(chunks, { type: recorder?.mimeType || 'audio/webm' }) });
        };
        recorder.onerror = () => send({ type: 'recorder.failed' });
        recorder.start(1000);
        send({ type: 'microphone.granted' });
      },
      // Permission errors are swallowed (spec 2 §4): the machine goes back to idle.
      () => send({ type: 'microphone.denied' }),
    );

  receive((command) => {
    if (command.type === 'recorder.stop' && recorder && recorder.state !== 'inactive') recorder.stop();
  });
  return () => {
    released = true;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    stopTracks();
  };
});

const Strip = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  padding: 0 8px;
  border-radius: 8px;
  border: 1px solid var(--border);
  font-variant-numeric: tabular-nums;
  font-size: 13px;
`;
const Dot = styled.span`
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: var(--live);
  animation: pulse 1s ease-in-out infinite alternate;
  @keyframes pulse {
    to {
      opacity: 0.3;
    }
  }
`;
const Failed = styled.span`
  color: var(--danger);
`;
