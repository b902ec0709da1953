import { styled } from '@linaria/react';
import { memo, useMemo } from 'react';
import { of, shareReplay, type Observable } from 'rxjs';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import type { ComptoirDatabase } from '../../store/database';
import { draftStreams$ } from '../../store/draft-queries';
import { useOptionalApp } from '../app-context';
import { Icon } from '../common/icons';
import { useObservable } from '../use-observable';

/** The pencil beside a room (or any stream) whose composer holds a kept draft (issue 21). */
export const DraftMark = memo(function DraftMark({ stream }: { stream: string }) {
  const db = useOptionalApp()?.db ?? null;
  const streams$ = useMemo(() => (db ? sharedDraftStreams(db) : NO_DRAFTS), [db]);
  const streams = useObservable(streams$, EMPTY);
  if (!streams.has(stream)) return null;
  return (
    <Mark role="img" aria-label={CHAT_TEXT.draft} title={CHAT_TEXT.draft}>
      <Icon name="edit" size={14} />
    </Mark>
  );
});

// One query for every room row, shared while any of them is on screen.
const shared = new WeakMap<ComptoirDatabase, Observable<ReadonlySet<string>>>();
function sharedDraftStreams(db: ComptoirDatabase): Observable<ReadonlySet<string>> {
  let streams$ = shared.get(db);
  if (!streams$) {
    streams$ = draftStreams$(db).pipe(shareReplay({ bufferSize: 1, refCount: true }));
    shared.set(db, streams$);
  }
  return streams$;
}
const EMPTY: ReadonlySet<string> = new Set();
const NO_DRAFTS = of(EMPTY);

const Mark = styled.span`
  flex: none;
  display: inline-flex;
  color: var(--muted);
  [aria-current='page'] > & {
    color: inherit;
  }
`;
