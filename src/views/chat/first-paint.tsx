import { styled } from '@linaria/react';
import { Fragment, useLayoutEffect, useMemo, useRef } from 'react';
import { chatMessage, type ChatMessage } from '../../contract/chat';
import { markBoot } from '../../domain/boot-marks';
import { followingsRecord } from '../../contract/messaging';
import { LIST_PAGE } from '../../domain/chat-limits';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { listedRows, windowListing, type ListedRow } from '../../domain/message-grouping';
import { fromDoc, visibleMessage } from '../../sync/message-state';
import type { MessageDoc } from '../../store/schemas';
import type { RawFirstWindow } from '../../sync/raw-first-window';
import type { LogPlace } from './log-place';
import { DaySeparator } from './day-separator';
import { MessageRow } from './message-row';
import { RowDialogsContext, type RowDialogs } from './row-dialogs-context';

export type FirstPaintProps = { place: LogPlace; window: RawFirstWindow; onPainted?: () => void };

/** No row is shorter than this: the rows that can show in the box are the newest `height / MIN_ROW_PX`. */
const MIN_ROW_PX = 32;
export type FirstRow = ListedRow<ChatMessage>;

/**
 * The chat room's newest rows painted where its log was last shown, from the raw read of the local
 * database, while the data layer and the chat page are still loading (issue 4, `warm_open_ms`). The
 * rows are the list's own `MessageRow`s and day separators, with its grouping and its blocks, so the
 * live list that replaces them shows the same rows in the same place. Nothing here can be used yet: it is inert
 * and hidden from assistive technologies (the live log announces itself once there).
 */
export function FirstPaint({ place, window, onPainted }: FirstPaintProps) {
  // Only the rows that can be on screen: the box is inert, nobody scrolls it.
  const rows = useMemo(() => firstRows(window)?.slice(-Math.ceil(place.height / MIN_ROW_PX)) ?? null, [window, place.height]);
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (element) element.scrollTop = element.scrollHeight;
    if (rows === null || rows.length === 0) {
      onPainted?.();
      return;
    }
    markBoot('first-paint');
    // Once this frame is presented.
    if (onPainted) requestAnimationFrame(() => setTimeout(onPainted, 0));
  }, [rows, onPainted]);
  if (rows === null || rows.length === 0) return null;
  return (
    <Box
      ref={box}
      role="log"
      aria-label={CHAT_TEXT.messagesLog}
      aria-hidden
      inert
      data-first-paint=""
      style={{ top: place.top, left: place.left, width: place.width, height: place.height }}
    >
      <RowDialogsContext.Provider value={INERT_DIALOGS}>
        {rows.map(({ message, showHeader, showDay }) => (
          <Fragment key={message._id}>
            {showDay ? <DaySeparator date={message.date} /> : null}
            <MessageRow message={message} showHeader={showHeader} viewer={place.viewer} inThread={false} onOpenThread={noThread} />
          </Fragment>
        ))}
      </RowDialogsContext.Provider>
    </Box>
  );
}
/** The list's rows have their thread and edit buttons: the first paint's have the same, inert until it takes over. */
const noThread = () => undefined;
const INERT_DIALOGS: RowDialogs = { open: noThread, edits: true };

/**
 * The rows the room's list opens with, oldest first, made as the list makes them from its window
 * (`window$`, `windowListing` then `listedRows`: the window's visible documents, the one past it as
 * the context row, blocks left out); null when anything stored does not decode: then nothing is painted early.
 */
export function firstRows(window: RawFirstWindow): FirstRow[] | null {
  const followings = window.followings === null ? { followings: [], blocked: [] } : followingsRecord.safeParse(window.followings).data;
  if (!followings) return null;
  const read = window.docs.map(decode);
  if (read.includes(UNREADABLE)) return null;
  const more = read.length > LIST_PAGE;
  const shown = (more ? read.slice(0, LIST_PAGE) : read).filter(isMessage).reverse();
  const context = more ? read[LIST_PAGE]! : null;
  const listing = windowListing(shown, isMessage(context) ? context : null, window.exhausted && !more);
  return listedRows(listing.rows, listing.context, followings.blocked);
}

const UNREADABLE = Symbol('unreadable');
const isMessage = (read: ChatMessage | null | typeof UNREADABLE): read is ChatMessage => read !== null && read !== UNREADABLE;

/** A stored message document as the list reads it (null: deleted or not known yet), checked against the contract. */
function decode(doc: unknown): ChatMessage | null | typeof UNREADABLE {
  try {
    const visible = visibleMessage(fromDoc(doc as MessageDoc));
    if (visible === null) return null;
    const checked = chatMessage.safeParse(visible);
    return checked.success ? checked.data : UNREADABLE;
  } catch {
    return UNREADABLE;
  }
}

const Box = styled.div`
  position: fixed;
  z-index: 1;
  overflow-y: auto;
  background: var(--surface);
`;
