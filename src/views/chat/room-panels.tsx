import { styled } from '@linaria/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { ChatMessage } from '../../contract/chat';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '../../domain/chat-limits';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { visibleText } from '../../domain/message-format';
import { kv$ } from '../../store/chat-queries';
import type { RoomDoc } from '../../store/schemas';
import { searchKey, type SearchState } from '../../sync/chat-sync';
import { PanelHeader } from '../common/panel-header';
import { ErrorText, Field } from '../common/ui';
import { TextButton } from '../common/upload-buttons';
import { MessageRow, type Viewer } from './message-row';
import { SearchResult } from './search-result';
import { JumpButton, jumpTo } from './jump-button';
import { useChat } from './use-chat';
import { useQuery } from '../common/use-query';

/**
 * Search in the room: 3 characters at least, 300 ms after the last key, by coach or all, with the
 * filters written in the query (src/domain/search-filters.ts); and 'Aller à la date' (issue 21).
 */
export function SearchPanel(props: { room: RoomDoc; viewer: Viewer; onClose: () => void }) {
  const chat = useChat();
  const [query, setQuery] = useState('');
  const [onlyCoach, setOnlyCoach] = useState(false);
  const state = useQuery((db) => kv$<SearchState>(db, searchKey(props.room.id)), [props.room.id], null);
  const trimmed = query.trim();

  useEffect(() => {
    if (!chat || trimmed.length < SEARCH_MIN_LENGTH) return;
    const timer = setTimeout(() => void chat.search(props.room.id, trimmed, onlyCoach, false), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [chat, trimmed, onlyCoach, props.room.id]);
  useEffect(() => () => void chat?.clearSearch(props.room.id), [chat, props.room.id]);

  const current = state && state.query === trimmed && state.onlyCoach === onlyCoach ? state : null;
  return (
    <Overlay title={CHAT_TEXT.searchResults} onClose={props.onClose}>
      <SearchBar>
        <input
          type="search"
          aria-label={CHAT_TEXT.searchLabel}
          aria-describedby="chat-search-hint"
          placeholder={CHAT_TEXT.searchLabel}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoFocus
        />
        <Hint id="chat-search-hint">{CHAT_TEXT.searchFiltersHint}</Hint>
        <label>
          <input type="checkbox" checked={onlyCoach} onChange={(e) => setOnlyCoach(e.target.checked)} /> {CHAT_TEXT.onlyCoach}
        </label>
      </SearchBar>
      <DateJump room={props.room.id} onJump={props.onClose} />
      {current?.status === 'error' ? <ErrorText role="alert">{current.error}</ErrorText> : null}
      {current?.status === 'done' && current.ids.length === 0 ? <Empty>{CHAT_TEXT.noResults}</Empty> : null}
      {(current?.ids ?? []).map((id) => (
        <SearchResult key={id} id={id} viewer={props.viewer} room={props.room.id} onJump={props.onClose} />
      ))}
      {current?.cursor ? (
        <LoadMore type="button" onClick={() => void chat?.search(props.room.id, trimmed, onlyCoach, true)}>
          {CHAT_TEXT.loadMore}
        </LoadMore>
      ) : null}
    </Overlay>
  );
}

/** 'Aller à la date': the room's history from the first message of a day (the member's own day). */
function DateJump(props: { room: string; onJump: () => void }) {
  const chat = useChat();
  const [day, setDay] = useState('');
  return (
    <DateForm
      onSubmit={(event) => {
        event.preventDefault();
        const start = new Date(`${day}T00:00:00`);
        if (day === '' || Number.isNaN(start.getTime())) return;
        void jumpTo(chat, props.room, { date: start.toISOString() }, props.onJump);
      }}
    >
      <Field>
        {CHAT_TEXT.goToDate}
        <input type="date" value={day} onChange={(e) => setDay(e.target.value)} />
      </Field>
      <TextButton type="submit" disabled={day === ''}>
        {CHAT_TEXT.goToDateSubmit}
      </TextButton>
    </DateForm>
  );
}

export function Overlay(props: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Sheet aria-label={props.title}>
      <PanelHeader title={props.title} closeLabel={CHAT_TEXT.closePanel} onClose={props.onClose} />
      <SheetBody>{props.children}</SheetBody>
    </Sheet>
  );
}

const Sheet = styled.section`
  position: absolute;
  z-index: 5;
  inset: 0 0 auto auto;
  width: min(420px, 100%);
  max-height: 100%;
  display: flex;
  flex-direction: column;
  border-left: 1px solid var(--border);
  border-bottom: 1px solid var(--border);
  background: var(--surface);
  box-shadow: var(--shadow);
`;
const SheetBody = styled.div`
  overflow-y: auto;
  padding: 8px 0;
`;
export const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;
export const ItemButton = styled.button`
  width: 100%;
  display: block;
  padding: 8px 12px;
  border: none;
  border-bottom: 1px solid var(--border);
  background: transparent;
  color: var(--text);
  text-align: left;
  font: inherit;
  cursor: pointer;
`;
export const Small = styled.span`
  display: block;
  font-size: 12px;
  color: var(--muted);
`;
export const Empty = styled.p`
  margin: 12px;
  color: var(--muted);
`;
const SearchBar = styled.div`
  display: grid;
  gap: 6px;
  padding: 0 12px 8px;
  & input[type='search'] {
    height: 36px;
    padding: 0 10px;
    border-radius: 8px;
    border: 1px solid var(--border);
    background: var(--surface);
    color: var(--text);
  }
  & label {
    font-size: 13px;
  }
`;
const Hint = styled.small`
  font-size: 12px;
  color: var(--muted);
`;
const DateForm = styled.form`
  display: flex;
  align-items: end;
  gap: 8px;
  padding: 0 12px 8px;
`;
const LoadMore = styled.button`
  margin: 8px 12px;
  border: none;
  background: transparent;
  color: var(--accent);
  cursor: pointer;
  text-decoration: underline;
`;
