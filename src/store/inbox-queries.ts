import { combineLatest, map, type Observable } from 'rxjs';
import type { Inbox, ThreadRead } from '../contract/inbox';
import { EMPTY_INBOX, inboxEntries, type InboxEntry } from '../domain/inbox';
import { kv$, keptRooms$ } from './chat-queries';
import type { ComptoirDatabase } from './database';
import { kept } from './kept-queries';

/** Where the fold keeps the inbox and each thread's state (src/sync/fold-inbox.ts). */
export const INBOX_KEY = 'inbox';
export const threadStateKey = (parentMessage: string) => `thread-read:${parentMessage}`;

/** The stored inbox, shared by its readers (the 'Non lus' button, the list, the threads badge). */
export const keptInbox$ = (db: ComptoirDatabase) => kept(db, 'kv:inbox', () => kv$<Inbox>(db, INBOX_KEY).pipe(map((inbox) => inbox ?? EMPTY_INBOX)));

/** The inbox's entries, newest first: the stored inbox with the rooms' live badges. */
export const inboxEntries$ = (db: ComptoirDatabase): Observable<InboxEntry[]> =>
  kept(db, 'inbox-entries', () => combineLatest([keptInbox$(db), keptRooms$(db)]).pipe(map(([inbox, rooms]) => inboxEntries(inbox, rooms))));

/** How many followed threads of the room have unread replies (the threads button's badge). */
export const unreadThreadsIn$ = (db: ComptoirDatabase, room: string): Observable<number> =>
  keptInbox$(db).pipe(map((inbox) => inbox.threads.filter((t) => t.room === room && t.following && t.unread > 0).length));

/** One thread's state (null until the member opens, follows or hears of it). */
export const threadState$ = (db: ComptoirDatabase, parentMessage: string): Observable<ThreadRead | null> => kv$<ThreadRead>(db, threadStateKey(parentMessage));
