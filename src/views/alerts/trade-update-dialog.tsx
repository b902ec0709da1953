import { useId, useState } from 'react';
import { TRADE_UPDATE_KINDS, type TradeUpdateKind } from '../../contract/alerts';
import { ALERT_TEXT, parsePrice, TRADE_UPDATE_TEXT } from '../../domain/alert-form';
import { Actions } from '../chat/confirm-dialog';
import { useChat } from '../chat/use-chat';
import { Dialog } from '../common/dialog';
import { toast } from '../common/toast';
import { Button, ErrorText, Field } from '../common/ui';

/**
 * 'Mettre à jour le trade' (issue 22), for the alert's author or a moderator: what happened (the
 * stop moved, break-even, an objective hit, closed) and at what price (required to move the stop).
 */
export function TradeUpdateDialog({ alertId, onClose }: { alertId: string; onClose: () => void }) {
  const chat = useChat();
  const [kind, setKind] = useState<TradeUpdateKind>('sl');
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const id = useId();

  async function publish() {
    const parsed = parsePrice(price);
    if (parsed === 'invalid') {
      setError(ALERT_TEXT.invalidPrice);
      return;
    }
    if (kind === 'sl' && parsed === null) {
      setError(TRADE_UPDATE_TEXT.priceRequired);
      return;
    }
    if (!chat?.alerts) return;
    setSending(true);
    const refused = await chat.alerts.updateTrade(alertId, kind, parsed);
    setSending(false);
    if (refused !== null) {
      setError(refused);
      return;
    }
    toast.success(TRADE_UPDATE_TEXT.published);
    onClose();
  }

  return (
    <Dialog title={TRADE_UPDATE_TEXT.title} open onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void publish();
        }}
      >
        <Field>
          {TRADE_UPDATE_TEXT.kind}
          <select value={kind} onChange={(event) => setKind(event.target.value as TradeUpdateKind)} autoFocus>
            {TRADE_UPDATE_KINDS.map((value) => (
              <option key={value} value={value}>
                {TRADE_UPDATE_TEXT.kinds[value]}
              </option>
            ))}
          </select>
        </Field>
        <Field>
          {TRADE_UPDATE_TEXT.price}
          <input
            inputMode="decimal"
            value={price}
            onChange={(event) => {
              setPrice(event.target.value);
              setError(null);
            }}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? `${id}-erreur` : undefined}
          />
        </Field>
        {error !== null ? (
          <ErrorText id={`${id}-erreur`} role="alert">
            {error}
          </ErrorText>
        ) : null}
        <Actions>
          <Button type="button" variant="ghost" onClick={onClose}>
            {TRADE_UPDATE_TEXT.cancel}
          </Button>
          <Button type="submit" disabled={sending}>
            {TRADE_UPDATE_TEXT.publish}
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}
