import { firstValueFrom, type Observable, type Subscription } from 'rxjs';
import { LIST_PAGE } from '../domain/chat-limits';
import { initialRoom } from '../domain/room-choice';
import { keptHistory$, keptPlace$, keptReadState$, keptRooms$, keptWindow$ } from '../store/chat-queries';
import type { ComptoirDatabase } from '../store/database';
import { roomStream, windowBound } from './message-state';

/** Where the first screen opens: the chat's room is read ahead only on `/chat`. */
export type FirstScreen = { path: string; requestedRoom: string | null; lastRoomId: string | null };

/** How long the first screen's reads are held for the views that mount to take them over. */
const HOLD_MS = 3_000;

/**
 * Reads what the chat's first screen shows (the room list, then the room the page will pick, its
 * history state and its newest rows) into the kept queries, so that the first render of the
 * signed-in screens already has them: one render paints the rows, with no query round trips in
 * between. Waits at most `withinMs`; the reads are held a moment longer for the views.
 */
export async function readFirstScreen(db: ComptoirDatabase, screen: FirstScreen, withinMs: number): Promise<void> {
  if (!screen.path.startsWith('/chat')) return;
  const held: Subscription[] = [];
  const hold = <T,>(source: Observable<T>): Promise<T> => {
    held.push(source.subscribe());
    return firstValueFrom(source);
  };
  const reads = (async () => {
    // A first visit holds nothing yet: the network fills the screen, nothing to wait for.
    const rooms = await hold(keptRooms$(db));
    const roomId = initialRoom(rooms, screen.requestedRoom, screen.lastRoomId);
    if (roomId === null) return;
    const stream = roomStream(roomId);
    const history = await hold(keptHistory$(db, stream));
    if (history === null) return;
    // The room's read state and kept place too: the list opens at its first unread, or where the
    // member left it, in its first render.
    await Promise.all([hold(keptWindow$(db, stream, LIST_PAGE, windowBound(history), null)), hold(keptReadState$(db, roomId)), hold(keptPlace$(db, roomId))]);
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([reads.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)))]);
  clearTimeout(timer);
  setTimeout(() => held.forEach((subscription) => subscription.unsubscribe()), HOLD_MS);
}
