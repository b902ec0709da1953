import { BehaviorSubject, type Observable } from 'rxjs';
import { deepEqual } from 'rxdb/plugins/utils';
import type { ChatMessage } from '../contract/chat';
import type { ComptoirDatabase } from './database';

/**
 * Messages heard live on the socket and not yet folded into the store, per stream (issue 16, a
 * burst's push → paint): a busy room's batch spends tens of milliseconds in IndexedDB before the
 * store's query emits it, so the newest window shows these meanwhile (`window$`). The store stays
 * the truth: a message leaves the tail as soon as its batch is folded, stored or not, and the
 * window never shows a message twice (ids the store holds are skipped).
 */
type Tails = Map<string, BehaviorSubject<readonly ChatMessage[]>>;

const tailsOf = new WeakMap<ComptoirDatabase, Tails>();
const NONE: readonly ChatMessage[] = [];

function tail(db: ComptoirDatabase, stream: string): BehaviorSubject<readonly ChatMessage[]> {
  let tails = tailsOf.get(db);
  if (!tails) {
    tails = new Map();
    tailsOf.set(db, tails);
  }
  let subject = tails.get(stream);
  if (!subject) {
    subject = new BehaviorSubject(NONE);
    tails.set(stream, subject);
  }
  return subject;
}

export const liveTail$ = (db: ComptoirDatabase, stream: string): Observable<readonly ChatMessage[]> => tail(db, stream).asObservable();

/**
 * The messages a tail showed, by id, until their stored revision is first read (`asShown`): a
 * message read back from the store equal to the one shown keeps that object, so the window that
 * swaps one for the other emits the same rows and its row does not render again. (Bounded: a
 * message never read back is forgotten after SHOWN_KEPT others.)
 */
const shownFromTail = new Map<string, ChatMessage>();
const SHOWN_KEPT = 2_000;

/**
 * Messages heard and not yet in their tail, per tail: shown together in a task of their own, after
 * the socket's frames already waiting. Each tail's change renders its log at once (the views read
 * it through `useSyncExternalStore`), so in a burst that outruns the page, the messages of every
 * frame that waited meanwhile render once instead of once each; on a quiet page it costs one task.
 */
const heardOf = new Map<BehaviorSubject<readonly ChatMessage[]>, ChatMessage[]>();
let showing = false;
function showHeard(): void {
  showing = false;
  const heard = [...heardOf];
  heardOf.clear();
  for (const [subject, messages] of heard) if (messages.length > 0) subject.next([...subject.value, ...messages]);
}

/** Shows `messages` of `stream` until their batch is folded (`releaseLive`). */
export function holdLive(db: ComptoirDatabase, stream: string, messages: readonly ChatMessage[]): void {
  if (messages.length === 0) return;
  const subject = tail(db, stream);
  const heard = heardOf.get(subject);
  if (heard) heard.push(...messages);
  else heardOf.set(subject, [...messages]);
  if (!showing) {
    showing = true;
    setTimeout(showHeard, 0);
  }
  for (const message of messages) shownFromTail.set(message._id, message);
  for (const id of shownFromTail.keys()) {
    if (shownFromTail.size <= SHOWN_KEPT) break;
    shownFromTail.delete(id);
  }
}

/** A stored message as read: the tail's object for it when they are equal, else itself. */
export function asShown(message: ChatMessage): ChatMessage {
  const shown = shownFromTail.get(message._id);
  if (shown === undefined) return message;
  shownFromTail.delete(message._id);
  return deepEqual(shown, message) ? shown : message;
}

/** The folded messages leave every tail that holds them. */
export function releaseLive(db: ComptoirDatabase, ids: ReadonlySet<string>): void {
  if (ids.size === 0) return;
  for (const subject of tailsOf.get(db)?.values() ?? []) {
    // (Folded before it was shown: it never is.)
    const heard = heardOf.get(subject);
    if (heard?.some((m) => ids.has(m._id))) heardOf.set(subject, heard.filter((m) => !ids.has(m._id)));
    if (!subject.value.some((m) => ids.has(m._id))) continue;
    const kept = subject.value.filter((m) => !ids.has(m._id));
    subject.next(kept.length === 0 ? NONE : kept);
  }
}
