import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../common/toast';
import { fromPromise } from 'xstate';
import type { Alert } from '../../contract/alerts';
import { ALERT_TEXT, ALERT_TITLES, TRADE_PRICE_FIELDS, tradeDraftOf } from '../../domain/alert-form';
import { attachmentKinds, uploadRule } from '../../domain/upload-rules';
import { UPLOAD_TEXT } from '../../domain/upload-text-fr';
import { alertFormMachine, emptyDraft, type SubmitAlert } from '../../machines/alert-form-machine';
import type { RoomDoc } from '../../store/schemas';
import { attachmentUpload } from '../chat/attachment-upload';
import { useChat } from '../chat/use-chat';
import { AttachmentChips } from '../common/attachment-chips';
import { Dialog } from '../common/dialog';
import { FilePicker, useFileUpload } from '../common/file-picker';
import { Button, ErrorText } from '../common/ui';
import { useCurrentUser } from '../use-current-user';

const ALL_ROOM = 'all';
const PRICE_LABELS: Record<(typeof TRADE_PRICE_FIELDS)[number], string> = { enter: 'Entrée', sl: 'Stop loss', be: 'Break-even', tp1: 'TP1', tp2: 'TP2', tp3: 'TP3' };

/** Creating or editing an alert (spec 2 §2 "Alert authoring form") over the authoring machine. */
export function AlertFormDialog(props: { alert: Alert | null; room: RoomDoc; rooms: RoomDoc[]; onClose: () => void }) {
  const chat = useChat();
  const user = useCurrentUser();
  const staff = user?.isStaff ?? false;
  const chatRef = useRef(chat);
  chatRef.current = chat;
  const closeRef = useRef(props.onClose);
  closeRef.current = props.onClose;
  const writable = props.rooms.filter((r) => r.canWrite && (r.id !== ALL_ROOM || staff));
  const initialRoom = writable.some((r) => r.id === props.room.id) ? props.room.id : (writable[0]?.id ?? '');

  const form = useActorRef(
    alertFormMachine.provide({
      actors: {
        submitAlert: fromPromise<void, SubmitAlert>(async ({ input }) => {
          const alerts = chatRef.current?.alerts;
          if (!alerts) throw new Error(ALERT_TEXT.failed);
          await alerts.save(input.alertId, input.input);
        }),
      },
      actions: {
        notifySuccess: (_, { message }) => {
          toast.success(message);
          closeRef.current();
        },
        notifyFailure: (_, { message }) => void toast.error(message),
      },
    }),
    {
      input: {
        alertId: props.alert?._id ?? null,
        staff,
        allRoomId: ALL_ROOM,
        draft: props.alert
          ? {
              title: props.alert.title,
              room: props.alert.room,
              content: props.alert.content,
              attachments: props.alert.attachments.map((a) => ({ id: a._id, attachmentType: a.attachmentType, name: a.name })),
              tradeEnabled: props.alert.trade !== null,
              trade: tradeDraftOf(props.alert.trade),
              freeAlert: props.alert.freeAlert,
              urgent: props.alert.urgent,
              sendMail: false,
            }
          : emptyDraft(initialRoom),
      },
    },
  );
  const draft = useSelector(form, (s) => s.context.draft);
  const errors = useSelector(form, (s) => s.context.errors);
  const busy = useSelector(form, (s) => s.matches('submitting') || s.context.uploads > 0);
  const creating = props.alert === null;

  // Where each image attachment can be seen, for its chip: the alert's own, then the new uploads'.
  const [imageUrls, setImageUrls] = useState<Record<string, string>>(() =>
    Object.fromEntries((props.alert?.attachments ?? []).filter((a) => a.attachmentType === 'image').map((a) => [a._id, a.resourceUrl])),
  );
  const upload = useFileUpload({
    // Videos and audio are the staff's (spec 2 §6); the server checks it too.
    rule: uploadRule(attachmentKinds({ staff, privateRoom: false })),
    upload: attachmentUpload(chat),
    onUploaded: (file) => {
      const { url } = file;
      if (url && file.attachmentType === 'image') setImageUrls((urls) => ({ ...urls, [file.id]: url }));
      form.send({ type: 'form.attach', attachment: { id: file.id, attachmentType: file.attachmentType, name: file.name } });
    },
  });
  // The alert is not published while one of its files is still on its way.
  useEffect(() => {
    if (!upload.busy) return;
    form.send({ type: 'form.uploadStarted' });
    return () => {
      if (form.getSnapshot().status === 'active') form.send({ type: 'form.uploadFinished' });
    };
  }, [upload.busy, form]);

  return (
    <Dialog title={creating ? ALERT_TEXT.newAlert : ALERT_TEXT.editAlert} open onClose={props.onClose} wide>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          form.send({ type: 'form.submit' });
        }}
      >
        <label>
          Room
          <select value={draft.room} onChange={(e) => form.send({ type: 'form.change', field: 'room', value: e.target.value })}>
            {writable.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
          {errors.room ? <ErrorText role="alert">{errors.room}</ErrorText> : null}
        </label>
        <label>
          Titre
          <select value={draft.title} onChange={(e) => form.send({ type: 'form.change', field: 'title', value: e.target.value })}>
            <option value="">Choisir un titre</option>
            {ALERT_TITLES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          {errors.title ? <ErrorText role="alert">{errors.title}</ErrorText> : null}
        </label>
        <label>
          Contenu
          <textarea rows={5} value={draft.content} maxLength={5000} onChange={(e) => form.send({ type: 'form.change', field: 'content', value: e.target.value })} />
          {errors.content ? <ErrorText role="alert">{errors.content}</ErrorText> : null}
        </label>
        <FilePicker upload={upload} label={UPLOAD_TEXT.attachmentsLabel} buttonText={UPLOAD_TEXT.attachmentsButton} />
        <AttachmentChips
          attachments={draft.attachments.map((a) => ({ ...a, url: imageUrls[a.id] ?? null }))}
          onRemove={(id) => form.send({ type: 'form.detach', id })}
        />
        <Check>
          <input type="checkbox" checked={draft.tradeEnabled} onChange={() => form.send({ type: 'form.toggleTrade' })} /> Ajouter un trade
        </Check>
        {draft.tradeEnabled ? (
          <TradeFields>
            <label>
              Actif
              <input value={draft.trade.name} onChange={(e) => form.send({ type: 'form.trade', field: 'name', value: e.target.value })} />
            </label>
            <label>
              Ordre
              <select value={draft.trade.order} onChange={(e) => form.send({ type: 'form.trade', field: 'order', value: e.target.value })}>
                <option value="">—</option>
                <option value="BUY">BUY</option>
                <option value="SELL">SELL</option>
              </select>
            </label>
            {TRADE_PRICE_FIELDS.map((field) => (
              <label key={field}>
                {PRICE_LABELS[field]}
                <input inputMode="decimal" value={draft.trade[field]} onChange={(e) => form.send({ type: 'form.trade', field, value: e.target.value })} />
                {errors[field] ? <ErrorText role="alert">{errors[field]}</ErrorText> : null}
              </label>
            ))}
          </TradeFields>
        ) : null}
        <Check>
          <input type="checkbox" checked={draft.freeAlert} onChange={() => form.send({ type: 'form.toggleFree' })} /> Notification gratuite (visible par tous)
        </Check>
        <Check>
          <input type="checkbox" checked={draft.urgent} onChange={() => form.send({ type: 'form.toggleUrgent' })} /> {ALERT_TEXT.urgentField}
        </Check>
        {creating ? (
          <Check>
            <input type="checkbox" checked={draft.sendMail} onChange={() => form.send({ type: 'form.toggleMail' })} /> Envoyer aussi par e-mail
          </Check>
        ) : null}
        <Buttons>
          <Button type="button" variant="ghost" onClick={props.onClose}>
            Annuler
          </Button>
          <Button type="submit" disabled={busy}>
            {creating ? 'Publier' : 'Enregistrer'}
          </Button>
        </Buttons>
      </Form>
    </Dialog>
  );
}

const Form = styled.form`
  display: grid;
  gap: 12px;
  & label {
    display: grid;
    gap: 4px;
    font-size: 14px;
    font-weight: 600;
  }
  & select,
  & input:not([type='checkbox']),
  & textarea {
    font: inherit;
    font-weight: 400;
    padding: 8px;
    border-radius: 8px;
    border: 1px solid var(--border);
    background: var(--surface);
    color: var(--text);
  }
`;
const Check = styled.label`
  display: flex !important;
  align-items: center;
  gap: 8px;
  font-weight: 400 !important;
`;
const TradeFields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: 8px;
`;
const Buttons = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`;
