import { styled } from '@linaria/react';
import { useId, useState, type FormEvent } from 'react';
import { POLL_MAX, POLL_MIN } from '../../contract/home-content';
import { HOME_TEXT } from '../../domain/home-text-fr';
import { poll$ } from '../../store/home-queries';
import { useApp } from '../app-context';
import { useQuery } from '../common/use-query';
import { toast } from '../common/toast';
import { Button, ErrorText } from '../common/ui';
import { HomeCard } from './home-card';

const VALUES = Array.from({ length: POLL_MAX - POLL_MIN + 1 }, (_, i) => POLL_MIN + i);

/**
 * The satisfaction poll (spec 3 §2, §5): one value from 1 to 10 is required to send; the thanks
 * toast 'Merci pour votre réponse !'. A member who answered sees their note instead of the form,
 * on every device (the answers come from the server).
 */
export function PollCard() {
  const state = useQuery(poll$, [], null);
  const { content } = useApp();
  const [value, setValue] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const legendId = useId();
  if (!state) return null;
  const { poll, answer } = state;

  async function send(event: FormEvent) {
    event.preventDefault();
    if (value === null) return setError(HOME_TEXT.pollRequired);
    setSending(true);
    setError(null);
    const result = await content.answerPoll(poll.question, value);
    setSending(false);
    if (result.ok) toast.success(HOME_TEXT.pollThanks);
    else setError(result.error);
  }

  return (
    <HomeCard title={HOME_TEXT.pollTitle} icon="star">
      {answer ? (
        <div role="status">
          <p>{poll.question}</p>
          <p>
            <strong>{HOME_TEXT.pollThanks}</strong> {HOME_TEXT.pollYourAnswer(answer.answer)}
          </p>
        </div>
      ) : (
        <form onSubmit={(event) => void send(event)} noValidate>
          <Scale aria-describedby={error ? `${legendId}-error` : undefined}>
            <legend id={legendId}>
              {poll.question} <small>({HOME_TEXT.pollScale})</small>
            </legend>
            {VALUES.map((n) => (
              <label key={n} data-checked={value === n ? '' : undefined}>
                <input type="radio" name="poll" value={n} checked={value === n} onChange={() => setValue(n)} />
                {n}
              </label>
            ))}
          </Scale>
          {error ? (
            <ErrorText id={`${legendId}-error`} role="alert">
              {error}
            </ErrorText>
          ) : null}
          <div className="actions">
            <Button type="submit" disabled={sending}>
              {HOME_TEXT.pollSend}
            </Button>
          </div>
        </form>
      )}
    </HomeCard>
  );
}

const Scale = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0 0 10px;
  padding: 0;
  border: none;
  & legend {
    margin-bottom: 8px;
    padding: 0;
  }
  & label {
    position: relative;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 44px;
    height: 44px;
    border: 1px solid var(--border);
    border-radius: 8px;
    font-weight: 600;
    cursor: pointer;
  }
  & label[data-checked] {
    background: var(--accent);
    border-color: var(--accent);
    color: var(--accent-contrast);
  }
  & input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
  & label:has(input:focus-visible) {
    outline: 2px solid var(--accent);
    outline-offset: 2px;
  }
`;
