import { assign, fromPromise, setup } from 'xstate';
import type { AlertInput } from '../contract/alerts';
import { ALERT_TEXT, emptyTrade, tradeOf, type TradeDraft, type TradePriceField } from '../domain/alert-form';

export type AlertAttachment = { id: string; attachmentType: 'audio' | 'image' | 'file' | 'video'; name: string };
export type AlertDraft = {
  title: string;
  room: string;
  content: string;
  attachments: AlertAttachment[];
  tradeEnabled: boolean;
  trade: TradeDraft;
  freeAlert: boolean;
  /** Issue 22: rings and stays on top until acknowledged. */
  urgent: boolean;
  sendMail: boolean;
};

export type AlertFormInput = {
  /** The alert being edited, or null to create one. */
  alertId: string | null;
  draft: AlertDraft;
  /** Staff may post to ALL and attach audio or video (spec 2 §6). */
  staff: boolean;
  allRoomId: string;
};

export type AlertFormContext = AlertFormInput & {
  uploads: number;
  errors: Partial<Record<'title' | 'room' | 'content' | TradePriceField, string>>;
};

export type AlertFormEvent =
  | { type: 'form.change'; field: 'title' | 'room' | 'content'; value: string }
  | { type: 'form.trade'; field: keyof TradeDraft; value: string }
  | { type: 'form.toggleTrade' }
  | { type: 'form.toggleFree' }
  | { type: 'form.toggleUrgent' }
  | { type: 'form.toggleMail' }
  | { type: 'form.attach'; attachment: AlertAttachment }
  | { type: 'form.detach'; id: string }
  | { type: 'form.uploadStarted' }
  | { type: 'form.uploadFinished' }
  | { type: 'form.submit' };

export type SubmitAlert = { alertId: string | null; input: AlertInput };

export const emptyDraft = (room: string): AlertDraft => ({
  title: '',
  room,
  content: '',
  attachments: [],
  tradeEnabled: false,
  trade: emptyTrade(),
  freeAlert: false,
  urgent: false,
  sendMail: false,
});

/** The form's errors: required fields, the ALL room for staff only, and the trade's prices. */
export function validate(context: AlertFormInput): AlertFormContext['errors'] {
  const errors: AlertFormContext['errors'] = {};
  const { draft } = context;
  if (draft.title.trim() === '') errors.title = ALERT_TEXT.required;
  if (draft.room === '' || (draft.room === context.allRoomId && !context.staff)) errors.room = ALERT_TEXT.required;
  if (draft.content.trim() === '' && draft.attachments.length === 0) errors.content = ALERT_TEXT.required;
  if (draft.tradeEnabled) {
    const trade = tradeOf(draft.trade);
    if ('invalid' in trade) for (const field of trade.invalid) errors[field] = ALERT_TEXT.invalidPrice;
  }
  return errors;
}

/** The call's payload (spec 2 §7): sendMail only on creation, the trade converted to numbers. */
export function payloadOf(context: AlertFormInput): AlertInput {
  const { draft } = context;
  const trade = draft.tradeEnabled ? tradeOf(draft.trade) : null;
  return {
    title: draft.title.trim(),
    room: draft.room,
    content: draft.content.trim(),
    attachments: draft.attachments.map((a) => a.id),
    trade: trade && 'trade' in trade ? trade.trade : null,
    freeAlert: draft.freeAlert,
    urgent: draft.urgent,
    ...(context.alertId === null ? { sendMail: draft.sendMail } : {}),
  };
}

/**
 * Creating or editing an alert (spec 2 §2 "Alert authoring form", §4, §8). Sending is blocked
 * while a file uploads or while the call runs; success closes the form with its text (the video
 * one when a video is attached); failure keeps the form with 'Erreur lors de l'envoie de la
 * notification'.
 */
export const alertFormMachine = setup({
  types: {
    context: {} as AlertFormContext,
    events: {} as AlertFormEvent,
    input: {} as AlertFormInput,
  },
  actors: {
    submitAlert: fromPromise<void, SubmitAlert>(async () => {}),
  },
  actions: {
    notifySuccess: (_, _params: { message: string }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(validate(context)).length === 0,
    uploading: ({ context }) => context.uploads > 0,
  },
}).createMachine({
  id: 'alertForm',
  context: ({ input }) => ({ ...input, uploads: 0, errors: {} }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.change': {
          actions: assign(({ context, event }) => ({ draft: { ...context.draft, [event.field]: event.value }, errors: { ...context.errors, [event.field]: undefined } })),
        },
        'form.trade': {
          actions: assign(({ context, event }) => ({ draft: { ...context.draft, trade: { ...context.draft.trade, [event.field]: event.value } } })),
        },
        'form.toggleTrade': { actions: assign(({ context }) => ({ draft: { ...context.draft, tradeEnabled: !context.draft.tradeEnabled } })) },
        'form.toggleFree': { actions: assign(({ context }) => ({ draft: { ...context.draft, freeAlert: !context.draft.freeAlert } })) },
        'form.toggleUrgent': { actions: assign(({ context }) => ({ draft: { ...context.draft, urgent: !context.draft.urgent } })) },
        'form.toggleMail': { actions: assign(({ context }) => ({ draft: { ...context.draft, sendMail: !context.draft.sendMail } })) },
        'form.attach': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, attachments: [...context.draft.attachments.filter((a) => a.id !== event.attachment.id), event.attachment] },
          })),
        },
        'form.detach': {
          actions: assign(({ context, event }) => ({ draft: { ...context.draft, attachments: context.draft.attachments.filter((a) => a.id !== event.id) } })),
        },
        'form.uploadStarted': { actions: assign({ uploads: ({ context }) => context.uploads + 1 }) },
        'form.uploadFinished': { actions: assign({ uploads: ({ context }) => Math.max(0, context.uploads - 1) }) },
        'form.submit': [
          { guard: 'uploading' },
          { guard: 'valid', target: 'submitting', actions: assign({ errors: {} }) },
          { actions: assign({ errors: ({ context }) => validate(context) }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submitAlert',
        src: 'submitAlert',
        input: ({ context }) => ({ alertId: context.alertId, input: payloadOf(context) }),
        onDone: {
          target: 'done',
          actions: {
            type: 'notifySuccess',
            params: ({ context }) => ({
              message:
                context.alertId !== null
                  ? ALERT_TEXT.edited
                  : context.draft.attachments.some((a) => a.attachmentType === 'video')
                    ? ALERT_TEXT.createdVideo
                    : ALERT_TEXT.created,
            }),
          },
        },
        onError: { target: 'editing', actions: { type: 'notifyFailure', params: { message: ALERT_TEXT.failed } } },
      },
    },
    done: { type: 'final' },
  },
});
