import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { MESSAGE_MAX_LENGTH, composerCounter } from '../../domain/chat-limits';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { acceptAttribute, acceptedSummary, attachmentKinds, uploadRule } from '../../domain/upload-rules';
import { composerMachine, type MentionUser } from '../../machines/composer-machine';
import type { UploadedFile } from '../../machines/upload-machine';
import { parseStream } from '../../sync/message-state';
import { useApp } from '../app-context';
import { AttachmentChips } from '../common/attachment-chips';
import { HiddenFileInput, useFileDrop, VISUALLY_HIDDEN } from '../common/file-input';
import { Icon } from '../common/icons';
import { useCurrentUser } from '../use-current-user';
import type { ComposerPick } from './composer-upload';
import { ToolButton } from './tool-button';
import { useChat } from './use-chat';
import { SlowModeBar } from './slow-mode-bar';
import { VOICE_TEXT } from '../../domain/messaging-text-fr';
import type { VoiceAttachment } from '../../machines/voice-recording-machine';

/** The recorder and its microphone: their own chunk, loaded at the first press of the microphone. */
const VoiceRecorder = lazy(() => import('./voice-recorder').then((m) => ({ default: m.VoiceRecorder })));

export const LOCK_KEY = 'isLocked';

// The upload machine and its status load with the first file chosen, not with the chat.
const ComposerUpload = lazy(() => import('./composer-upload').then((m) => ({ default: m.ComposerUpload })));

/**
 * The composer (spec 2 §4, §5) over the composer machine. The draft carries the stream it was
 * typed in, so a quick room switch can never post it elsewhere (DESIGN.md); the composer is keyed
 * by its stream and opens with that stream's kept draft (issue 21).
 */
export function Composer(props: {
  stream: string;
  privateRoom?: boolean;
  canSendAttachments?: boolean;
  voiceNotes?: boolean;
  onArrowUpWhenEmpty?: () => void;
  /** A room's composer (its threads' too): its slow mode above it (issue 22). */
  slowMode?: { room: string; roomName: string; moderator: boolean };
}) {
  const { storage, drafts } = useApp();
  const chat = useChat();
  const chatRef = useRef(chat);
  chatRef.current = chat;
  /** When the member last sent from here: a slow mode's countdown starts from it. */
  const [sentAt, setSentAt] = useState<number | null>(null);
  const composer = useActorRef(
    composerMachine.provide({
      actors: {
        searchMentions: fromPromise<MentionUser[], { query: string }>(async ({ input }) => (await chatRef.current?.mention(input.query)) ?? []),
      },
      actions: {
        submit: (_, draft) => {
          const target = parseStream(draft.stream);
          if (!target) return;
          setSentAt(Date.now());
          void chatRef.current?.send({
            room: 'room' in target ? target.room : '',
            parentMessage: 'parentMessage' in target ? target.parentMessage : null,
            ...('alertId' in target ? { alertId: target.alertId } : {}),
            ...('conversationId' in target ? { conversationId: target.conversationId } : {}),
            content: draft.text,
            attachments: draft.attachments.map((a) => ({ _id: a.id, attachmentType: a.attachmentType, name: a.name })),
          });
        },
        persistLock: (_, { locked }) => storage.setItem(LOCK_KEY, String(locked)),
        keepDraft: (_, draft) => drafts.change(draft.stream, draft.text),
        dropDraft: (_, { stream }) => void drafts.clear(stream),
      },
    }),
    {
      input: {
        stream: props.stream,
        privateRoom: props.privateRoom ?? false,
        locked: storage.getItem(LOCK_KEY) === 'true',
        draft: drafts.peek(props.stream),
      },
    },
  );
  const text = useSelector(composer, (s) => s.context.text);
  const locked = useSelector(composer, (s) => s.context.locked);
  const mentions = useSelector(composer, (s) => (s.matches('mentionShowing') ? s.context.mentions : []));
  const attachments = useSelector(composer, (s) => s.context.attachments);
  const counter = composerCounter(text);
  const canSend = text.trim() !== '' || attachments.length > 0;
  const user = useCurrentUser();
  // Voice notes: in private chats for every member, in rooms for the staff (spec 2 §6).
  const voiceNotes = props.voiceNotes ?? user?.isStaff ?? false;
  // Audio notes and videos are for staff, and voice notes in private chats (spec 2 §6); the server checks it too.
  const rule = uploadRule(attachmentKinds({ staff: user?.isStaff ?? false, privateRoom: props.privateRoom ?? false }));
  const summary = acceptedSummary(rule);
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [pick, setPick] = useState<ComposerPick | null>(null);
  const [busy, setBusy] = useState(false);
  const choose = (file: File) => {
    if (!busy) setPick((last) => ({ file, n: (last?.n ?? 0) + 1 }));
  };
  const drop = useFileDrop(choose, (props.canSendAttachments ?? false) && !busy);
  // Where each uploaded image can be seen, for its chip.
  const [imageUrls, setImageUrls] = useState<Record<string, string>>({});
  const onUploaded = (file: UploadedFile) => {
    const { url } = file;
    if (url && file.attachmentType === 'image') setImageUrls((urls) => ({ ...urls, [file.id]: url }));
    composer.send({ type: 'composer.attach', attachment: { id: file.id, attachmentType: file.attachmentType, name: file.name } });
  };

  return (
    <Form
      data-dragging={drop.dragging || undefined}
      {...drop.handlers}
      onSubmit={(event) => {
        event.preventDefault();
        composer.send({ type: 'composer.send' });
      }}
    >
      {mentions.length > 0 ? (
        <Mentions role="listbox" aria-label={CHAT_TEXT.mentionsLabel}>
          {mentions.map((user) => (
            <li key={user.id} role="option" aria-selected={false}>
              <button type="button" onClick={() => composer.send({ type: 'composer.pickMention', username: user.username })}>
                @{user.username}
              </button>
            </li>
          ))}
        </Mentions>
      ) : null}
      {props.slowMode ? <SlowModeBar {...props.slowMode} sentAt={sentAt} /> : null}
      <AttachmentChips attachments={attachments.map((a) => ({ ...a, url: imageUrls[a.id] ?? null }))} onRemove={(id) => composer.send({ type: 'composer.detach', id })} />
      {pick ? (
        <Suspense fallback={null}>
          <ComposerUpload pick={pick} rule={rule} chat={chat} onUploaded={onUploaded} onBusy={setBusy} />
        </Suspense>
      ) : null}
      <Row>
        {props.canSendAttachments ? (
          <>
            <ToolButton
              type="button"
              aria-label={CHAT_TEXT.attach}
              title={`${CHAT_TEXT.attach} : ${summary}`}
              aria-describedby={hintId}
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) fileInput.current?.click();
              }}
            >
              <Icon name="paperclip" size={20} />
            </ToolButton>
            <span id={hintId} style={VISUALLY_HIDDEN}>
              {summary}
            </span>
            <HiddenFileInput inputRef={fileInput} accept={acceptAttribute(rule)} onFile={choose} />
          </>
        ) : null}
        {voiceNotes ? <VoiceNotes onAttach={(attachment) => composer.send({ type: 'composer.attach', attachment })} /> : null}
        <ToolButton
          type="button"
          aria-pressed={locked}
          aria-label={locked ? CHAT_TEXT.unlockEnter : CHAT_TEXT.lockEnter}
          title={locked ? CHAT_TEXT.unlockEnter : CHAT_TEXT.lockEnter}
          onClick={() => composer.send({ type: 'composer.toggleLock' })}
        >
          <Icon name={locked ? 'lock' : 'unlock'} size={20} />
        </ToolButton>
        <TextArea
          aria-label={CHAT_TEXT.composerLabel}
          placeholder={CHAT_TEXT.composerLabel}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          rows={1}
          onChange={(event) => composer.send({ type: 'composer.input', text: event.target.value })}
          onKeyDown={(event) => {
            // ↑ in the empty composer (issue 21): the room answers its last message; it edits nothing.
            const plain = !event.altKey && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.nativeEvent.isComposing;
            if (event.key === 'ArrowUp' && plain && props.onArrowUpWhenEmpty && text === '' && attachments.length === 0) {
              event.preventDefault();
              props.onArrowUpWhenEmpty();
              return;
            }
            if (event.key === 'Escape') composer.send({ type: 'composer.dismissMentions' });
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            composer.send({ type: 'composer.enterKey' });
          }}
        />
        <SendButton type="submit" disabled={!canSend}>
          {CHAT_TEXT.send}
        </SendButton>
      </Row>
      {counter.visible ? (
        <Counter data-over="" aria-live="polite">
          {CHAT_TEXT.counter(text.length)}
        </Counter>
      ) : null}
    </Form>
  );
}

/** What stands where the composer would, when the viewer may not write (read-only, banned, blocked). */
export const ComposerNotice = styled.p`
  margin: 0;
  padding: 12px 16px;
  border-top: 1px solid var(--border);
  color: var(--muted);
  text-align: center;
`;
const Form = styled.form`
  position: relative;
  border-top: 1px solid var(--border);
  padding: 8px 12px;
  &[data-dragging] {
    outline: 2px dashed var(--accent);
    outline-offset: -4px;
  }
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 8px;
`;
const TextArea = styled.textarea`
  flex: 1;
  resize: none;
  field-sizing: content;
  min-height: 44px;
  max-height: 400px;
  padding: 11px 12px;
  border-radius: 8px;
  border: 1px solid var(--border);
  background: var(--surface);
  color: var(--text);
  font: inherit;
`;
const SendButton = styled.button`
  height: 44px;
  padding: 0 16px;
  border-radius: 8px;
  border: none;
  background: var(--accent);
  color: var(--accent-contrast);
  font-weight: 600;
  cursor: pointer;
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;
const Counter = styled.p`
  margin: 4px 0 0;
  font-size: 12px;
  text-align: right;
  &[data-over] {
    color: var(--danger);
  }
`;
const Mentions = styled.ul`
  position: absolute;
  bottom: 100%;
  left: 60px;
  margin: 0;
  padding: 4px;
  list-style: none;
  max-height: 275px;
  overflow-y: auto;
  border: 1px solid var(--border);
  border-radius: 8px;
  background: var(--surface);
  box-shadow: var(--shadow);
  & button {
    width: 100%;
    padding: 6px 10px;
    border: none;
    background: transparent;
    color: var(--text);
    text-align: left;
    cursor: pointer;
  }
`;

/**
 * Voice notes (spec 2 §4): the microphone's button, and once pressed the recorder, which starts
 * recording as it comes (it keeps the composer's place from then on: the next note starts there).
 */
function VoiceNotes({ onAttach }: { onAttach: (attachment: VoiceAttachment) => void }) {
  const [pressed, setPressed] = useState(false);
  const button = (onClick?: () => void) => (
    <ToolButton type="button" aria-label={VOICE_TEXT.record} title={VOICE_TEXT.record} aria-disabled={onClick ? undefined : true} onClick={onClick}>
      <Icon name="mic" size={20} />
    </ToolButton>
  );
  if (!pressed) return button(() => setPressed(true));
  return (
    <Suspense fallback={button()}>
      <VoiceRecorder onAttach={onAttach} startNow />
    </Suspense>
  );
}
