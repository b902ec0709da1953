import { styled } from '@linaria/react';
import { useId, useState } from 'react';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from '../../contract/reports';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { TEXT } from '../../domain/text-fr';
import { REPORT_TEXT } from '../../domain/report-text-fr';
import { Dialog } from '../common/dialog';
import { toast } from '../common/toast';
import { Button, ErrorText, Field, RadioChoice, RadioChoices } from '../common/ui';
import { Actions } from './confirm-dialog';
import { useChat } from './use-chat';

/**
 * 'Signaler' (spec 2 §8's question, issue 22's reasons): the reason (one of five, required) and the member's own words, sent to
 * the moderators' queue. Thanked once recorded; a second report of the same message says so.
 */
export function ReportDialog({ messageId, onClose }: { messageId: string; onClose: () => void }) {
  const chat = useChat();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const id = useId();

  async function send() {
    if (reason === null) {
      setError(REPORT_TEXT.reasonRequired);
      return;
    }
    if (!chat) return;
    setSending(true);
    const answer = await chat.reports.report(messageId, reason, details);
    setSending(false);
    if (answer.error !== null) {
      setError(answer.error);
      return;
    }
    toast.success(answer.already ? REPORT_TEXT.already : CHAT_TEXT.reportThanks);
    onClose();
  }

  return (
    <Dialog title={CHAT_TEXT.reportQuestion} open onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <RadioChoices aria-describedby={error !== null ? `${id}-erreur` : undefined}>
          <legend>{REPORT_TEXT.reasonLegend}</legend>
          {REPORT_REASONS.map((value, index) => (
            <RadioChoice key={value}>
              <input
                type="radio"
                name={`${id}-motif`}
                value={value}
                checked={reason === value}
                autoFocus={index === 0}
                onChange={() => {
                  setReason(value);
                  setError(null);
                }}
              />
              {REPORT_TEXT.reasons[value]}
            </RadioChoice>
          ))}
        </RadioChoices>
        <Field htmlFor={`${id}-precisions`}>{REPORT_TEXT.details}</Field>
        <Details id={`${id}-precisions`} rows={3} maxLength={REPORT_DETAILS_MAX} value={details} onChange={(event) => setDetails(event.target.value)} />
        {error !== null ? (
          <ErrorText id={`${id}-erreur`} role="alert">
            {error}
          </ErrorText>
        ) : null}
        <Actions>
          <Button type="button" variant="ghost" onClick={onClose}>
            {TEXT.no}
          </Button>
          <Button type="submit" disabled={sending}>
            {TEXT.yes}
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}

const Details = styled.textarea`
  box-sizing: border-box;
  width: 100%;
  margin: 6px 0 8px;
  padding: 10px 12px;
  border-radius: 8px;
  border: 1px solid var(--border);
  background: var(--surface);
  color: var(--text);
  font: inherit;
  resize: vertical;
`;
