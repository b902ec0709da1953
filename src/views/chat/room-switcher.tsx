import { styled } from '@linaria/react';
import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { ROOM_KEYS_TEXT } from '../../domain/room-keys-text-fr';
import { roomSwitcherMachine, switcherMatches } from '../../machines/room-switcher-machine';
import type { RoomDoc } from '../../store/schemas';
import { Dialog } from '../common/dialog';
import { Icon } from '../common/icons';
import { CountBadge, Field } from '../common/ui';
import { visuallyHidden } from '../common/visually-hidden';

export type RoomSwitcherActor = ActorRefFrom<typeof roomSwitcherMachine>;

/**
 * 'Aller à une room' (Ctrl+K / ⌘K): a search field over the rooms the member sees, as a combobox
 * whose listbox follows ↑/↓ through `aria-activedescendant` (the focus stays in the field); Enter
 * opens the active room, Escape closes and the dialog gives the focus back to where it was. The
 * actor knows the rooms (`useRoomSwitching` tells it); `rooms` gives the view their locks.
 */
export function RoomSwitcher({ actor, rooms }: { actor: RoomSwitcherActor; rooms: readonly RoomDoc[] }) {
  const open = useSelector(actor, (s) => s.matches('open'));
  const query = useSelector(actor, (s) => s.context.query);
  const activeId = useSelector(actor, (s) => s.context.activeId);
  const matches = useSelector(actor, (s) => switcherMatches(s.context), sameIds);
  const byId = new Map(rooms.map((room) => [room.id, room]));
  const listId = useId();
  const hintId = useId();
  const optionId = (roomId: string) => `${listId}-${roomId}`;

  useEffect(() => {
    if (!open || activeId === null) return;
    document.getElementById(`${listId}-${activeId}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, activeId, listId]);

  return (
    <Dialog title={ROOM_KEYS_TEXT.switcherTitle} open={open} onClose={() => actor.send({ type: 'switcher.close' })}>
      <Field>
        {ROOM_KEYS_TEXT.searchLabel}
        <input
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={matches.length > 0}
          aria-controls={matches.length > 0 ? listId : undefined}
          aria-activedescendant={activeId !== null && matches.length > 0 ? optionId(activeId) : undefined}
          aria-describedby={hintId}
          placeholder={ROOM_KEYS_TEXT.searchPlaceholder}
          autoComplete="off"
          spellCheck={false}
          maxLength={80}
          value={query}
          onChange={(event) => actor.send({ type: 'switcher.type', query: event.target.value })}
          onKeyDown={(event) => {
            // Ctrl+K (⌘K) again closes, rather than reaching the browser's own shortcut.
            if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
              event.preventDefault();
              actor.send({ type: 'switcher.close' });
              return;
            }
            if (event.nativeEvent.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              actor.send({ type: 'switcher.move', step: event.key === 'ArrowDown' ? 1 : -1 });
            } else if (event.key === 'Enter') {
              event.preventDefault();
              actor.send({ type: 'switcher.choose' });
            }
          }}
        />
      </Field>
      <Hint id={hintId}>{ROOM_KEYS_TEXT.hint}</Hint>
      {matches.length > 0 ? (
        <Options id={listId} role="listbox" aria-label={ROOM_KEYS_TEXT.resultsLabel}>
          {matches.map((match) => {
            const room = byId.get(match.id);
            return (
              <Option
                key={match.id}
                id={optionId(match.id)}
                role="option"
                aria-selected={match.id === activeId}
                // The field keeps the focus: a press on an option must not take it.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => actor.send({ type: 'switcher.pick', roomId: match.id })}
              >
                <Name>{match.name}</Name>
                {room && !room.canRead ? (
                  <>
                    <Icon name="lock" size={16} aria-hidden />
                    <span className={visuallyHidden}>, {ROOM_KEYS_TEXT.locked}</span>
                  </>
                ) : null}
                {match.unread > 0 ? (
                  <>
                    <CountBadge aria-hidden>{match.unread > 99 ? '99+' : match.unread}</CountBadge>
                    <span className={visuallyHidden}>, {ROOM_KEYS_TEXT.unread(match.unread)}</span>
                  </>
                ) : null}
              </Option>
            );
          })}
        </Options>
      ) : (
        <Empty role="status">{query.trim() === '' ? '' : ROOM_KEYS_TEXT.noMatch}</Empty>
      )}
    </Dialog>
  );
}

const sameIds = (a: readonly { id: string; unread: number }[], b: readonly { id: string; unread: number }[]) =>
  a.length === b.length && a.every((room, i) => room.id === b[i]!.id && room.unread === b[i]!.unread);

const Hint = styled.p`
  margin: 6px 0 10px;
  font-size: 12px;
  color: var(--muted);
`;
const Options = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  max-height: min(50dvh, 360px);
  overflow-y: auto;
`;
const Option = styled.li`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  padding: 0 10px;
  border-radius: 8px;
  cursor: pointer;
  &:hover {
    background: var(--hover, rgba(127, 127, 127, 0.1));
  }
  &[aria-selected='true'] {
    background: var(--accent);
    color: var(--accent-contrast);
  }
`;
const Name = styled.span`
  flex: 1;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
const Empty = styled.p`
  margin: 0;
  min-height: 20px;
  color: var(--muted);
`;
