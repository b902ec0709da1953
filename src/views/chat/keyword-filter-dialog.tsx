import { styled } from '@linaria/react';
import { useMachine } from '@xstate/react';
import { useId, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { KEYWORD_ACTIONS, KEYWORD_MAX, KEYWORD_TEXT, type KeywordAction, type KeywordRule } from '../../domain/keyword-filter';
import { keywordFilterMachine, type RulesAnswer } from '../../machines/keyword-filter-machine';
import { TEXT } from '../../domain/text-fr';
import { Dialog } from '../common/dialog';
import { Icon } from '../common/icons';
import { toast } from '../common/toast';
import { Button, ErrorText, Field } from '../common/ui';
import { Actions } from './confirm-dialog';
import { useChat } from './use-chat';

/**
 * 'Filtre de mots' (issue 22): a moderator lists a room's blocked and held words
 * (src/machines/keyword-filter-machine.ts), adds and removes them, and saves the whole list.
 */
export function KeywordFilterDialog({ room, roomName, onClose }: { room: string; roomName: string; onClose: () => void }) {
  const chat = useChat();
  const machine = useMemo(
    () =>
      keywordFilterMachine.provide({
        actors: {
          loadRules: fromPromise<RulesAnswer, { room: string }>(async ({ input }) => (chat ? chat.reports.keywordRules(input.room) : { error: TEXT.requestFailed })),
          saveRules: fromPromise<RulesAnswer, { room: string; rules: KeywordRule[] }>(async ({ input }) =>
            chat ? chat.reports.saveKeywordRules(input.room, input.rules) : { error: TEXT.requestFailed },
          ),
        },
        actions: {
          saved: () => {
            toast.success(KEYWORD_TEXT.saved(roomName));
            onClose();
          },
        },
      }),
    [chat, roomName, onClose],
  );
  const [snapshot, send, actor] = useMachine(machine, { input: { room } });
  const [keyword, setKeyword] = useState('');
  const [action, setAction] = useState<KeywordAction>('block');
  const id = useId();
  const { rules, error } = snapshot.context;
  const busy = snapshot.matches('loading') || snapshot.matches('saving');

  return (
    <Dialog title={`${KEYWORD_TEXT.title} · ${roomName}`} open onClose={onClose}>
      <Intro>{KEYWORD_TEXT.intro}</Intro>
      {snapshot.matches('failed') ? (
        <>
          <ErrorText role="alert">{error}</ErrorText>
          <Actions>
            <Button type="button" variant="ghost" onClick={onClose}>
              {KEYWORD_TEXT.cancel}
            </Button>
            <Button type="button" onClick={() => send({ type: 'filter.retry' })}>
              <Icon name="retry" size={16} /> {KEYWORD_TEXT.retry}
            </Button>
          </Actions>
        </>
      ) : (
        <>
          <form
            aria-busy={busy}
            onSubmit={(event) => {
              event.preventDefault();
              // Opened from the composer: its submit never reaches the composer's form (React events cross portals).
              event.stopPropagation();
              send({ type: 'filter.add', keyword, action });
              // Kept when refused, so that the moderator corrects it rather than types it again.
              if (actor.getSnapshot().context.error === null) setKeyword('');
            }}
          >
            <AddRow>
              <Field>
                {KEYWORD_TEXT.keyword}
                <input
                  value={keyword}
                  maxLength={KEYWORD_MAX + 20}
                  autoFocus
                  aria-invalid={error !== null}
                  aria-describedby={error !== null ? `${id}-erreur` : undefined}
                  onChange={(event) => setKeyword(event.target.value)}
                />
              </Field>
              <Field>
                {KEYWORD_TEXT.action}
                <select value={action} onChange={(event) => setAction(event.target.value as KeywordAction)}>
                  {KEYWORD_ACTIONS.map((choice) => (
                    <option key={choice} value={choice}>
                      {KEYWORD_TEXT.actions[choice]}
                    </option>
                  ))}
                </select>
              </Field>
              <Button type="submit" variant="ghost" disabled={!snapshot.matches('editing')}>
                {KEYWORD_TEXT.add}
              </Button>
            </AddRow>
          </form>
          {error !== null ? (
            <ErrorText id={`${id}-erreur`} role="alert">
              {error}
            </ErrorText>
          ) : null}
          {snapshot.matches('loading') ? (
            <p role="status">{KEYWORD_TEXT.loading}</p>
          ) : rules.length === 0 ? (
            <Muted>{KEYWORD_TEXT.empty}</Muted>
          ) : (
            <Rules aria-label={KEYWORD_TEXT.title}>
              {rules.map((rule) => (
                <li key={rule.keyword}>
                  <span>
                    <strong>{rule.keyword}</strong> · {KEYWORD_TEXT.actions[rule.action]}
                  </span>
                  <RemoveButton type="button" aria-label={KEYWORD_TEXT.remove(rule.keyword)} title={KEYWORD_TEXT.remove(rule.keyword)} onClick={() => send({ type: 'filter.remove', keyword: rule.keyword })}>
                    <Icon name="trash" size={16} />
                  </RemoveButton>
                </li>
              ))}
            </Rules>
          )}
          <Actions>
            <Button type="button" variant="ghost" onClick={onClose}>
              {KEYWORD_TEXT.cancel}
            </Button>
            <Button type="button" disabled={!snapshot.matches('editing')} onClick={() => send({ type: 'filter.save' })}>
              {KEYWORD_TEXT.save}
            </Button>
          </Actions>
        </>
      )}
    </Dialog>
  );
}

const Intro = styled.p`
  margin: 0 0 12px;
  color: var(--muted);
  font-size: 14px;
`;
const AddRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: flex-end;
  & > label {
    flex: 1 1 160px;
    margin: 0;
  }
  & button {
    min-height: 44px;
  }
`;
const Rules = styled.ul`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  max-height: 40dvh;
  overflow-y: auto;
  & li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    padding: 4px 0;
    border-bottom: 1px solid var(--border);
    overflow-wrap: anywhere;
  }
`;
const RemoveButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 44px;
  min-height: 44px;
  border: 0;
  background: transparent;
  color: var(--muted);
  cursor: pointer;
`;
const Muted = styled.p`
  color: var(--muted);
`;
