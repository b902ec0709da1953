import { useMemo } from 'react';
import { BehaviorSubject, type Observable } from 'rxjs';
import type { ChatSync } from '../../sync/chat-sync';
import type { ComptoirDatabase } from '../../store/database';
import { useApp, useOptionalApp } from '../app-context';
import { useObservable } from '../use-observable';

/** The current chat sync (null until the session is ready): views send their intents to it. */
export function useChat(): ChatSync | null {
  const chat = useOptionalApp()?.chat ?? null;
  return useObservable<ChatSync | null>(chat ?? NO_CHAT, chat?.value ?? null);
}
/** Before the data layer (the first paint's rows): no chat to send to. */
const NO_CHAT = new BehaviorSubject<ChatSync | null>(null);

/** A store query, built once per set of dependencies, read as a value. */
export function useQuery<T>(build: (db: ComptoirDatabase) => Observable<T>, deps: readonly unknown[], initial: T): T {
  const { db } = useApp();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the query depends on
  const query$ = useMemo(() => build(db), [db, ...deps]);
  return useObservable(query$, initial);
}
