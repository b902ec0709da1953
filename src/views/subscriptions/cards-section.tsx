import { styled } from '@linaria/react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from '../common/toast';
import type { Card as SavedCard, PaymentConfig } from '../../contract/billing';
import { CHECKOUT_TEXT } from '../../domain/checkout';
import { SUBSCRIPTIONS_TEXT } from '../../domain/subscriptions-text-fr';
import { TEXT } from '../../domain/text-fr';
import { useLazySync } from '../app-context';
import { ConfirmDialog } from '../chat/confirm-dialog';
import { Button, Card, ErrorText, Field } from '../common/ui';
import { CardField, CardScope, stripeKeyOf, type CardHandle } from './card-field';

const T = SUBSCRIPTIONS_TEXT;

/** The saved cards (spec 1 §2): delete with a confirmation, add through the card field. */
export function CardsSection(props: { cards: SavedCard[] | null; config: PaymentConfig | null }) {
  const billing = useLazySync((services) => services.billing);
  const [deleting, setDeleting] = useState<SavedCard | null>(null);
  const [adding, setAdding] = useState(false);

  async function answer(yes: boolean) {
    const card = deleting;
    setDeleting(null);
    if (!yes || !card) return;
    const error = await billing.deleteCard(card.card_id);
    if (error) toast.error(error);
    else toast.success(T.cardDeleted);
  }

  return (
    <Card aria-labelledby="cards-title">
      <h2 id="cards-title">{T.cardsTitle}</h2>
      {props.cards?.length === 0 ? <p>{T.noCards}</p> : null}
      <List>
        {(props.cards ?? []).map((card) => (
          <li key={card.card_id}>
            <span>{T.cardLabel(card.type, card.last4, card.exp)}</span>
            <Button variant="ghost" onClick={() => setDeleting(card)} aria-label={`${T.deleteCard} ${card.type} •••• ${card.last4}`}>
              {T.deleteCard}
            </Button>
          </li>
        ))}
      </List>
      {adding && props.config ? (
        <CardScope stripeKey={stripeKeyOf(props.config)}>
          <AddCardForm stripeKey={stripeKeyOf(props.config)} onDone={() => setAdding(false)} />
        </CardScope>
      ) : (
        <Button variant="ghost" onClick={() => setAdding(true)} disabled={!props.config}>
          {T.addCard}
        </Button>
      )}
      <ConfirmDialog question={deleting ? T.deleteCardQuestion : null} onAnswer={(yes) => void answer(yes)} />
    </Card>
  );
}

function AddCardForm(props: { stripeKey: string | null; onDone: () => void }) {
  const billing = useLazySync((services) => services.billing);
  const handle = useRef<CardHandle | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') return setError(TEXT.requiredField);
    setBusy(true);
    setError(null);
    try {
      if (!handle.current) throw new Error(CHECKOUT_TEXT.tokenFailed);
      const { token } = await handle.current.createToken(name.trim());
      const failure = await billing.addCard(token);
      if (failure) throw new Error(failure);
      toast.success(CHECKOUT_TEXT.cardAdded);
      props.onDone();
    } catch (failure) {
      const message = failure instanceof Error && failure.message !== '' && failure.message !== TEXT.requestFailed ? failure.message : CHECKOUT_TEXT.cardAddFailed;
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AddForm onSubmit={(e) => void save(e)} noValidate aria-label={T.addCard}>
      <CardField stripeKey={props.stripeKey} handleRef={handle} onError={setError} disabled={busy} />
      <Field>
        Titulaire de la carte
        <input autoComplete="cc-name" value={name} onChange={(e) => setName(e.target.value)} disabled={busy} />
      </Field>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      <Actions>
        <Button type="button" variant="ghost" onClick={props.onDone} disabled={busy}>
          Annuler
        </Button>
        <Button type="submit" disabled={busy}>
          {T.saveCard}
        </Button>
      </Actions>
    </AddForm>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;
  display: grid;
  gap: 8px;
  & li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
  }
`;
const AddForm = styled.form`
  display: grid;
  gap: 12px;
`;
const Actions = styled.div`
  display: flex;
  gap: 12px;
  justify-content: flex-end;
`;
