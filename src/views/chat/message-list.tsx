import { styled } from '@linaria/react';
import { Icon } from '../common/icons';
import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { of } from 'rxjs';
import { Virtuoso, type Components, type VirtuosoHandle } from 'react-virtuoso';
import type { ChatMessage } from '../../contract/chat';
import type { FollowingsRecord } from '../../contract/messaging';
import { followNewRows, LIST_PAGE, SCROLL_BOTTOM_THRESHOLD_PX } from '../../domain/chat-limits';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { markBoot } from '../../domain/boot-marks';
import { localDay } from '../../domain/message-days';
import { listedRows, windowListing } from '../../domain/message-grouping';
import { keptHistory$, keptPlace$, keptReadState$, keptWindow$, kv$, outbox$, type WindowRows } from '../../store/chat-queries';
import type { KeptPlace } from '../../sync/read-state-sync';
import type { ReadPosition, RoomRead } from '../../contract/read-state';
import { firstUnread } from '../../domain/read-position';
import { useApp } from '../app-context';
import type { OutboxDoc } from '../../store/schemas';
import { FOLLOWINGS_KEY, revOf, windowBound } from '../../sync/message-state';
import type { HistoryRef } from '../../sync/message-state';
import { jumpKey, type JumpState } from '../../sync/jump-sync';
import { DaySeparator } from './day-separator';
import { LogSkeleton } from './log-skeleton';
import { MessageRow, type Viewer } from './message-row';
import { RowDialogsContext } from './row-dialogs-context';
import { useRowDialogs } from './use-row-dialogs';
import { NewMessageAnnouncer } from './new-message-announcer';
import { OutboxRow } from './outbox-row';
import { UnreadLine } from './unread-line';
import { RoomKeepingContext } from './kept-rooms';
import { useChat } from './use-chat';
import { useQuery } from '../common/use-query';
import type { Peekable } from '../../store/peekable';
import { useObservable } from '../use-observable';
import { inFramePass } from './frame-pass';
import { useActorRef, useSelector } from '@xstate/react';
import { roomReadingMachine } from '../../machines/room-reading-machine';

const PAGE = LIST_PAGE;
/** The most rows a list holds: further up, the window slides instead of growing (issue 4). */
const WINDOW = 200;
/** Virtuoso counts prepended rows down from here, so the first visible row stays put. */
const FIRST_INDEX = 1_000_000_000;
/** When the rendered rows come this close to the window's top, the next older window is read. */
const READ_AHEAD_ROWS = 15;
const NO_ROWS: ChatMessage[] = [];
const NO_BLOCKS: readonly string[] = [];
/**
 * The height of the first row a list measured, remembered for the next lists: virtuoso then lays
 * out their opening rows at once instead of rendering one row to measure first (a frame or two
 * before any row shows), and estimates unmeasured rows exactly as its own first measure would.
 * (A fixed guess made prepended rows land off their estimate: the reader's place moved.)
 */
let measuredRowHeight: number | undefined;
/** …and kept in the browser for the next visit (only ever an estimate: each row is measured as it renders). */
const ROW_HEIGHT_KEY = 'chatRowHeight';
const NOT_READ$ = of(null);
const NO_READ_STATE$ = of<RoomRead | null>(null);
const NO_PLACE$ = of<KeptPlace | null>(null);
const NO_JUMP$ = of<JumpState | null>(null);
/**
 * A jump the list took (issue 21): its message, whether the list has opened at it yet, and whether
 * it is the room's first unread far back (opened under the line rather than highlighted).
 */
type Jump = { n: number; target: string; shown: boolean; unread: boolean };
/**
 * A first unread further back than the widest window: its window asked for as a jump (read from
 * the store when it holds the rows, else from the server), `failed` when none came (the log then
 * opens at its end without the line).
 */
type FarUnread = 'no' | 'ask' | 'asking' | 'failed';
/** Where a visit opened: under the line above the first unread (its id), or at the end (null). */
type Opening = { lineId: string | null; from: ReadPosition | null; at: number; topId?: string };

type Item = { kind: 'message'; message: ChatMessage; showHeader: boolean; showDay: boolean } | { kind: 'pending'; entry: OutboxDoc; showDay: boolean };
const keyOf = (item: Item) => (item.kind === 'message' ? item.message._id : `pending:${item.entry.clientId}`);

/**
 * A stream's messages, newest at the bottom, in a virtualised log: a window of the newest N from
 * the store that grows on scroll-up (loading older pages when the store runs out) up to WINDOW
 * rows, then slides: each older page drops the newest page, whose bound is stacked so that
 * scrolling back down slides it back. Whatever the history's length, the live query, the heap and
 * each page's read stay bounded. The next older window is read ahead while the reader nears the
 * top (asking the server first when the store holds too few), and shown as soon as the window's
 * first row is rendered. Pending sends last, and a button back to the end when the reader is more
 * than 200px above it (or the window has slid). Messages of members the viewer blocked are left
 * out (spec 2 §4). Mount it with `key={stream}`. A `fresh` stream (a chat not created yet) has no
 * history to wait for.
 */
export function MessageList(props: {
  stream: string;
  ref: HistoryRef;
  viewer: Viewer;
  inThread: boolean;
  onOpenThread?: (id: string) => void;
  header?: ReactNode;
  fresh?: boolean;
  emptyText?: string;
  /** Its first rows are on screen (with the log's element, null for an empty list). */
  onShown?: (log: HTMLElement | null) => void;
  /**
   * A room's log (issue 21): it opens at the room's first unread, under a 'Nouveaux messages' line
   * that stays for the visit, and the room is read while it is on screen.
   */
  readRoom?: string;
}) {
  const chat = useChat();
  /** 'Modifier', 'Signaler', 'Rendre muet', 'Épingler' on a row open the list's one dialog (use-row-dialogs.tsx). */
  const { open: openDialog, dialogs } = useRowDialogs();
  const rowDialogs = useMemo(() => ({ open: openDialog, edits: true }), [openDialog]);
  const { db, storage } = useApp();
  const [limit, setLimit] = useState(PAGE);
  /** The newest bounds (rev) of the windows slid past, the current one last. */
  const [anchors, setAnchors] = useState<readonly number[]>([]);
  const newestRev = anchors.length > 0 ? anchors[anchors.length - 1]! : null;
  /** Bumped when the list jumps back to the stream's end: a fresh list opens at its bottom. */
  const [generation, setGeneration] = useState(0);
  const storedHistory = useQuery((db) => keptHistory$(db, props.stream), [props.stream], null);
  // A room's log opened at a message or a day (issue 21): the window read around it, whose own
  // history pages it older, and whose newest row bounds it (its anchor) until 'Revenir au direct'.
  const storedJump = useQuery((db) => (props.readRoom ? kv$<JumpState>(db, jumpKey(props.stream)) : NO_JUMP$), [props.stream, props.readRoom], null);
  const jumpRecord = storedJump !== null && storedJump.session === chat?.jumps.session ? storedJump : null;
  const [jump, setJump] = useState<Jump | null>(null);
  const [jumpsTaken, setJumpsTaken] = useState(0);
  if (jumpRecord !== null && jumpRecord.n !== jumpsTaken) {
    setJumpsTaken(jumpRecord.n);
    setJump({ n: jumpRecord.n, target: jumpRecord.target, shown: false, unread: jumpRecord.unread === true });
    setAnchors([jumpRecord.newestRev]);
    setLimit(jumpRecord.firstWindow ?? WINDOW);
  }
  const jumpedHistory = jump !== null && jumpRecord?.n === jump.n ? jumpRecord.history : null;
  const jumpPending = jump !== null && !jump.shown;
  const history = jumpedHistory ?? storedHistory;
  const oldestRev = windowBound(history);
  const exhausted = (history?.exhausted ?? false) || props.fresh === true;

  // The windows read, by bounds: the shown one and the next older one once read ahead. Kept and
  // peekable, so the read-ahead window (or the one the boot read) is shown in the render that
  // asks for it.
  const windowOf = useCallback(
    (size: number, newest: number | null): Peekable<WindowRows> => keptWindow$(db, props.stream, size, oldestRev, newest),
    [db, props.stream, oldestRev],
  );
  const current$ = useMemo(() => windowOf(limit, newestRev), [windowOf, limit, newestRev]);
  // null until the store has answered: the list mounts at its bottom only once rows exist.
  const windowRows = useObservable<WindowRows | null>(current$, null);
  // A changed window keeps showing the previous rows until its own answer arrives (no flash).
  const lastRows = useRef<WindowRows | null>(null);
  if (windowRows !== null) lastRows.current = windowRows;
  const shownRows = lastRows.current;
  // Mount once the stream's first page is in the store, so the list opens at its bottom.
  const loaded = shownRows !== null && (history !== null || shownRows.rows.length > 0 || props.fresh === true);
  const messages = shownRows?.rows ?? NO_ROWS;
  const context = shownRows?.context ?? null;
  const atStart = exhausted && !(shownRows?.more ?? false);
  const pending = useQuery((db) => outbox$(db, props.stream), [props.stream], [] as OutboxDoc[]);
  const followings = useQuery((db) => kv$<FollowingsRecord>(db, FOLLOWINGS_KEY), [], null);
  const blocked = followings?.blocked;
  const readState$ = useMemo(() => (props.readRoom ? keptReadState$(db, props.readRoom) : NO_READ_STATE$), [db, props.readRoom]);
  /** undefined until the store has answered. */
  const readState = useObservable<RoomRead | null | undefined>(readState$, undefined);

  // Where the member left this room's log while reading its history: the list opens there again.
  const place$ = useMemo(() => (props.readRoom ? keptPlace$(db, props.readRoom) : NO_PLACE$), [db, props.readRoom]);
  const place = useObservable<KeptPlace | null | undefined>(place$, undefined);
  // A state, not a ref: the opening is decided in the render where the kept window is the list's.
  const [placeApplied, setPlaceApplied] = useState(false);
  if (!placeApplied && place !== undefined) {
    setPlaceApplied(true);
    if (place !== null && jumpRecord === null) {
      setAnchors(place.anchors);
      setLimit(place.limit);
    }
  }

  // Where this visit opens, decided once, from the read state the room had when it opened (later
  // reads, on this device or another, never move the line; only an explicit unread does).
  const [opening, setOpening] = useState<Opening | undefined>(undefined);
  const [farUnread, setFarUnread] = useState<FarUnread>('no');
  let opened = opening;
  // More unread than the widest window holds (the read state's count says so before any row is
  // read): the window around the first unread is asked for at once.
  const farAtOnce =
    opened === undefined && farUnread === 'no' && jump === null && placeApplied && place === null && chat !== null && props.readRoom !== undefined && props.fresh !== true;
  if (farAtOnce && readState?.readUpTo && readState.unread >= WINDOW) setFarUnread('ask');
  // (Decided on the current window's own rows, not on the previous ones shown meanwhile.)
  if (opened === undefined && loaded && windowRows !== null && readState !== undefined && placeApplied) {
    const from = readState?.readUpTo ?? null;
    if (jump?.unread) {
      // The first unread far back, read around it: the list opens there once its rows are shown.
      if (jump.shown) opened = { lineId: jump.target, from, at: Date.now() };
    } else if (farUnread !== 'ask' && farUnread !== 'asking') {
      const keptTop = place && messages.some((m) => m._id === place.topId) ? place.topId : undefined;
      const first = readState && jump === null ? firstUnread(messages, from, props.viewer.id) : null;
      // The window's oldest row is unread and older ones may be too (a room read before: one never
      // read opens at its newest rows, as it always has).
      const older = first !== null && first === messages[0] && !atStart && keptTop === undefined && from !== null;
      if (!older) opened = { lineId: first?._id ?? null, from, at: Date.now(), topId: keptTop };
      // Read the widest window from the store first, unless the unread count says it is too narrow…
      else if (limit < WINDOW && (readState?.unread ?? 0) < WINDOW) setLimit(WINDOW);
      // …then the window around the first unread (jump-sync.ts: from the store, or the server).
      else if (farUnread === 'no' && chat !== null && props.readRoom !== undefined) setFarUnread('ask');
      else opened = { lineId: null, from, at: Date.now() };
    }
    if (opened !== undefined) setOpening(opened);
  }
  const askFar = farUnread === 'ask' ? (readState?.readUpTo ?? null) : null;
  useEffect(() => {
    if (askFar === null || !chat || !props.readRoom) return;
    setFarUnread('asking');
    void chat.jumps.jump(props.readRoom, { after: askFar, viewer: props.viewer.id }).then(
      (error) => error !== null && setFarUnread('failed'),
      () => setFarUnread('failed'),
    );
  }, [askFar, chat, props.readRoom, props.viewer.id]);
  // 'Marquer comme non lu' (here or on another device) moves the position back: the line follows.
  const seenVersion = useRef<number | null>(null);
  const decided = opened !== undefined;
  useEffect(() => {
    if (!decided || !readState) return;
    const previous = seenVersion.current;
    seenVersion.current = readState.version;
    if (previous === null || readState.version <= previous || !readState.markedUnread) return;
    setOpening({ lineId: firstUnread(messages, readState.readUpTo, props.viewer.id)?._id ?? null, from: readState.readUpTo, at: Date.now() });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new version is the news
  }, [decided, readState?.version]);
  // Rows the room missed while away may land just after it opened (its catch-up): the line goes
  // above the first of them. Rows posted since it opened are read live, without a line.
  const noLineYet = decided && opened?.lineId === null && opened.from !== null;
  useEffect(() => {
    if (!noLineYet || !opening?.from) return;
    const first = firstUnread(messages, opening.from, props.viewer.id);
    if (first && Date.parse(first.date) < opening.at) setOpening({ ...opening, lineId: first._id });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- new rows are the news
  }, [noLineYet, messages]);
  const lineId = opened?.lineId ?? null;
  // The jumped window's rows are read: a fresh list opens at its message.
  const jumpReady = jump !== null && !jump.shown && windowRows !== null && windowRows.rows.some((m) => m._id === jump.target);
  /** The message a jump opened at, highlighted until the list goes back to the end (after its window joined the room's rows too). */
  const [marked, setMarked] = useState<string | null>(null);
  if (jumpReady) {
    setJump({ ...jump, shown: true });
    setMarked(jump.unread ? null : jump.target);
    setGeneration((g) => g + 1);
  }

  const items = useMemo<Item[]>(() => {
    const listing = windowListing(messages, context, atStart);
    const rows: Item[] = listedRows(listing.rows, listing.context, blocked ?? NO_BLOCKS).map((row) => ({ kind: 'message', ...row }));
    const confirmed = new Set(messages.map((m) => m.clientId).filter((id): id is string => id !== null));
    // Pending sends belong after the stream's newest row: not below a window slid up the history.
    // Each is dated as its echo will be, so the day separator its echo gets is there already.
    const last = rows[rows.length - 1];
    let day = last?.kind === 'message' ? localDay(Date.parse(last.message.date)) : null;
    if (newestRev === null)
      for (const entry of pending) {
        if (confirmed.has(entry.clientId)) continue;
        const entryDay = localDay(entry.createdAt);
        rows.push({ kind: 'pending', entry, showDay: entryDay !== day });
        day = entryDay;
      }
    return rows;
  }, [messages, context, atStart, pending, blocked, newestRev]);
  /** The stream's newest row shown, for the announcement (undefined while a slid window hides the end). */
  const newestShown = useMemo(() => {
    if (newestRev !== null) return undefined;
    for (let i = items.length - 1; i >= 0; i -= 1) {
      const item = items[i]!;
      if (item.kind === 'message') return item.message;
    }
    return null;
  }, [items, newestRev]);

  // Keep the visible rows in place when older rows are prepended, or when sliding back down drops
  // the oldest ones. (A new message at the bottom also drops the oldest row of a full window: the
  // list then follows the output as before, so that drop is not announced.)
  const keys = useMemo(() => items.map(keyOf), [items]);
  const shownKeys = useRef<readonly string[]>([]);
  const firstIndex = useRef(FIRST_INDEX);
  const slidingDown = useRef(false);
  // Newer rows read below a jumped window: its newest bound moves down to them.
  const [jumpNewest, setJumpNewest] = useState<number | null>(null);
  const islandNewest = jump?.shown && jumpRecord?.n === jump.n ? jumpRecord.newestRev : null;
  if (islandNewest !== null && islandNewest !== jumpNewest) {
    setJumpNewest(islandNewest);
    if (jumpNewest !== null) {
      slidingDown.current = anchors.length === 1;
      setAnchors((stack) => [islandNewest, ...stack.slice(1)]);
    }
  }
  // The jumped window reached the room's newest rows and joined its history (jump-sync.ts): the
  // list is the room's own again, from the same rows, and newer ones follow below them.
  const [joins, setJoins] = useState(0);
  /** The rows shown when the window joined: the next ones, read to the room's end, are no arrivals. */
  const joinedFrom = useRef<WindowRows | null>(null);
  if (jump !== null && jump.shown && jumpRecord === null) {
    joinedFrom.current = shownRows;
    setJump(null);
    setJumpNewest(null);
    slidingDown.current = anchors.length === 1;
    setAnchors((stack) => stack.slice(1));
    setJoins((n) => n + 1);
  }
  if (keys.length > 0) {
    const previousFirst = shownKeys.current[0];
    if (previousFirst !== undefined) {
      const prepended = keys.indexOf(previousFirst);
      if (prepended > 0) firstIndex.current -= prepended;
      else if (prepended === -1 && slidingDown.current) {
        firstIndex.current += Math.max(0, shownKeys.current.indexOf(keys[0]!));
        slidingDown.current = false;
      }
    }
    shownKeys.current = keys;
  }

  // The next older window: this one grown by a page, or once full, slid up by a page.
  const growing = limit < WINDOW;
  const slideBound = growing ? null : (messages[messages.length - 1 - PAGE] ?? null);
  const next = atStart ? null : growing ? { limit: Math.min(limit + PAGE, WINDOW), newestRev } : slideBound ? { limit: WINDOW, newestRev: revOf(slideBound.date) } : null;
  const nextKey = next ? `${next.limit}:${next.newestRev}` : null;
  /** The next window asked for (by its key): read while the reader nears the top. */
  const [readAheadFor, setReadAheadFor] = useState<string | null>(null);
  const readingAhead = nextKey !== null && readAheadFor === nextKey;
  const next$ = useMemo(() => (next && readingAhead ? windowOf(next.limit, next.newestRev) : NOT_READ$), [windowOf, next?.limit, next?.newestRev, readingAhead]);
  const nextRows = useObservable<WindowRows | null>(next$, null);
  // Ready when the store holds the whole next window, or all there is.
  const nextReady = next !== null && nextRows !== null && (nextRows.more || nextRows.rows.length >= next.limit || exhausted);

  // The store holds too few: one page from the server per history cursor (a failed one is asked
  // again when the reader comes back to the top).
  const [fetching, setFetching] = useState(false);
  const [failed, setFailed] = useState(false);
  const [askedCursor, setAskedCursor] = useState<string | null | undefined>(undefined);
  const cursor = history?.cursor ?? null;
  const needsPage = readingAhead && nextRows !== null && !nextReady && !exhausted && chat !== null;
  useEffect(() => {
    if (!needsPage || fetching || askedCursor === cursor || !chat) return;
    setFetching(true);
    setAskedCursor(cursor);
    void (jumpedHistory !== null && props.readRoom ? chat.jumps.loadOlder(props.readRoom) : chat.loadOlder(props.ref))
      .then((ok) => setFailed(!ok), () => setFailed(true))
      .finally(() => setFetching(false));
  }, [needsPage, fetching, askedCursor, cursor, chat, props.ref, jumpedHistory !== null, props.readRoom]);

  /** The reader rendered the window's first row: show the next window now, or once it is ready. */
  const [wantsNext, setWantsNext] = useState(false);
  const advance = useCallback(() => {
    if (!next) return;
    setWantsNext(false);
    if (!growing && next.newestRev !== null) setAnchors((stack) => [...stack, next.newestRev!]);
    setLimit(next.limit);
  }, [growing, next?.limit, next?.newestRev]);
  useEffect(() => {
    if (wantsNext && nextReady && !jumpPending) advance();
  }, [wantsNext, nextReady, advance, jumpPending]);
  // A wish for the older window made before a jump is not the jumped window's.
  useEffect(() => {
    if (jumpPending) setWantsNext(false);
  }, [jumpPending]);

  // Only once the list has opened at its bottom: its first renders may start at the top.
  // (Per list: a list opened anew — a jump, 'Revenir au direct' from a slid window — settles anew.)
  const settledList = useRef<number | null>(null);
  const settled = {
    get current() {
      return settledList.current === generation;
    },
    set current(yes: boolean) {
      settledList.current = yes ? generation : null;
    },
  };
  // The estimate is taken once per list, when it mounts: it never changes under a mounted list.
  const [rowHeight] = useState(() => {
    const kept = Number(storage.getItem(ROW_HEIGHT_KEY));
    return measuredRowHeight ?? (Number.isFinite(kept) && kept > 0 ? kept : undefined);
  });
  const scroller = useRef<HTMLElement | null>(null);
  /** The newest outbox entry's date the list has heard of (those before it opened are not news). */
  const ownSeen = useRef(Date.now());
  /**
   * The reader sent a message and has not taken the scroll since: the log goes to its end (below).
   * With the jump shown then: one they open afterwards (a search result, a mention) is theirs to read.
   */
  const followOwn = useRef<{ jump: number | null } | null>(null);
  /** The log's scroll as virtuoso last heard it (a scroll event), and the frame that checks it. */
  const heardScroll = useRef({ top: -1, height: -1, box: -1 });
  const syncFrame = useRef<(() => void) | null>(null);
  const noteScroll = () => {
    const log = scroller.current;
    if (log) heardScroll.current = { top: log.scrollTop, height: log.scrollHeight, box: log.offsetHeight };
  };
  const syncScroll = () => {
    syncFrame.current = null;
    const log = scroller.current;
    if (!log) return;
    const heard = heardScroll.current;
    if (log.scrollTop !== heard.top || log.scrollHeight !== heard.height || log.offsetHeight !== heard.box) return () => void log.dispatchEvent(new Event('scroll'));
  };
  /** The last jump the list was brought to, and whether it is still being brought there. */
  const jumpSettled = useRef(0);
  const jumpSettling = useRef(false);
  /**
   * One settling scroll at a time: a new one ends the one under way, as the reader's own scroll
   * would ('Revenir au direct' right after a room opened at its kept place used to be pulled back
   * there by the opening's settle, which the button's click did not stop).
   */
  const settling = useRef<(() => void) | null>(null);
  const settleTo = (offBy: (scroller: HTMLElement) => number | null, options: SettleOptions = {}) => {
    settling.current?.();
    settling.current = null;
    if (!scroller.current) return;
    settling.current = settle(scroller.current, offBy, {
      ...options,
      done: (log, byReader) => {
        settling.current = null;
        options.done?.(log, byReader);
      },
    });
  };
  useEffect(() => () => settling.current?.(), []);
  const onItemsRendered = (rendered: readonly { data?: Item }[]) => {
    const first = rendered[0]?.data;
    if (!first) return;
    if (measuredRowHeight === undefined) {
      // A row without a day separator above it: most rows have none.
      const rows = scroller.current?.querySelectorAll<HTMLElement>('[data-index]') ?? [];
      const row = [...rows].find((item) => item.firstElementChild?.getAttribute('role') !== 'separator');
      if (row && row.offsetHeight > 0) {
        measuredRowHeight = row.offsetHeight;
        storage.setItem(ROW_HEIGHT_KEY, String(measuredRowHeight));
      }
    }
    // A list opened at its first unread starts where it means to: it may read ahead at once. Its
    // row is brought to the top as the rows above it are measured.
    if (startId !== null && generation === 0 && !settled.current && followOwn.current === null) settleTo(offRow(startId), { bring: () => bringRow(startId, 'start') });
    if (startId !== null && generation === 0) settled.current = true;
    if (jump?.shown && jumpSettled.current !== jump.n) {
      jumpSettled.current = jump.n;
      // A fresh list may render its first rows before it scrolls to the message: nothing reads
      // ahead until the message rests in the middle; then it takes the focus (virtuoso may
      // re-create its row while it measures, so not before). A first unread rests at the top,
      // under its line, and leaves the focus where it is.
      jumpSettling.current = true;
      const { target, unread } = jump;
      settleTo(unread ? offRow(target) : offCentre(target), {
        done: (log, byReader) => {
          jumpSettling.current = false;
          settled.current = true;
          if (!byReader && !unread) log.querySelector<HTMLElement>('[data-jumped]')?.focus({ preventScroll: true });
        },
        bring: () => bringRow(target, unread ? 'start' : 'center'),
      });
    }
    tellShown();
    nearTop(keys.indexOf(keyOf(first)));
  };
  /**
   * The reader's first rendered row is `at` rows from the window's top. A page that failed is asked
   * again only when the reader `reached` the top anew (virtuoso's `startReached`), never on a mere
   * render of rows: a short list always shows its top row, and retrying on each render spun the
   * page (each failure re-rendered the rows, which retried at once).
   */
  const nearTop = (at: number, reached = false) => {
    // Neither the list shown until a jump's window is read, nor the jumped one before it rests at
    // its message, is where the reader is going: they never slide.
    if (jumpPending || jumpSettling.current) return;
    if (!settled.current || next === null || at < 0 || at >= READ_AHEAD_ROWS) return;
    if (!readingAhead) setReadAheadFor(nextKey);
    if (at > 0) return;
    if (failed) {
      if (!reached) return;
      setFailed(false);
      setAskedCursor(undefined);
    }
    if (nextReady) advance();
    else setWantsNext(true);
  };
  const loadingOlder = wantsNext || fetching;
  /** The reader wanted the older rows and their page did not come: said, with 'Réessayer', until asked again. */
  const olderFailed = failed && wantsNext && !fetching;
  const retryOlder = useCallback(() => {
    setFailed(false);
    setAskedCursor(undefined);
  }, []);
  // A page refused while the connection was down is asked again once it is back: 'Réessayer' is
  // for the reader who will not wait for it.
  useEffect(() => {
    if (!failed || !chat) return;
    let down = false;
    const subscription = chat.status$.subscribe((status) => {
      if (status === 'offline') down = true;
      else if (down) retryOlder();
    });
    return () => subscription.unsubscribe();
  }, [failed, chat, retryOlder]);

  // The visit's mode (src/machines/room-reading-machine.ts): live at the newest rows, or in history.
  const effects = useRef({ markRead: () => {}, forgetPlace: () => {} });
  const reading = useActorRef(
    roomReadingMachine.provide({ actions: { markRead: () => effects.current.markRead(), forgetPlace: () => effects.current.forgetPlace() } }),
  );
  const mode = useSelector(reading, (snapshot) => snapshot.value);
  const newBelow = useSelector(reading, (snapshot) => snapshot.context.below);
  const atBottom = mode === 'opening' ? lineId === null && opened?.topId === undefined : mode === 'live';
  /** When rows last arrived at the end (a busy stream is followed at once). */
  const lastArrival = useRef(-Infinity);
  const virtuoso = useRef<VirtuosoHandle>(null);
  /** Asks virtuoso for the row of message `id` (by its place among the rows shown now). */
  const bringRow = (id: string, align: 'start' | 'center') => {
    const index = shownKeys.current.indexOf(id);
    if (index >= 0) virtuoso.current?.scrollToIndex({ index, align });
  };

  /** At the bottom of a slid window: slide back towards the stream's end. */
  const loadNewer = useCallback(() => {
    slidingDown.current = true;
    setAnchors((stack) => stack.slice(0, -1));
  }, []);
  const slid = anchors.length > 0;
  /** At the bottom of a jumped window (its first bound): newer rows come from the server. */
  const atJumpEnd = jump !== null && anchors.length <= 1;
  const [readingNewer, setReadingNewer] = useState(false);
  // (Without newer rows, the window is at the room's end: the sync joins it to the room's rows.)
  const loadJumpNewer = useCallback(() => {
    if (readingNewer || !chat || !props.readRoom || jumpPending) return;
    setReadingNewer(true);
    void chat.jumps.loadNewer(props.readRoom).finally(() => setReadingNewer(false));
  }, [readingNewer, chat, props.readRoom, jumpPending]);
  const backToEnd = () => {
    // Whatever was being brought into view (the kept place, a jump) gives way to the end.
    settling.current?.();
    setMarked(null);
    if (jump !== null) {
      // Out of a jumped window: the room's own history again, from its newest rows.
      setJump(null);
      reading.send({ type: 'jump.left' });
      if (props.readRoom) void chat?.jumps.leave(props.readRoom);
    }
    if (!slid) {
      // A jump, then again while rows passed over are measured (a log opened at its first unread
      // has rows below it not measured yet: the first jump lands on their estimate), until the
      // scroller rests at its end.
      virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end' });
      settleTo(offEnd);
      return;
    }
    setAnchors([]);
    setLimit(PAGE);
    shownKeys.current = [];
    setGeneration((g) => g + 1);
  };

  // The reader's own new message brings the log back to the stream's end, where it shows: from a
  // slid or jumped window, and from rows above the end (a room opened at its first unread). Until
  // the reader takes the scroll again, opens a message, or nothing is being sent with the end
  // shown, whatever else would move the log away from it gives way: a message sent while the room
  // was still opening (its window read, then laid out at the first unread, or its missed rows
  // landing) ended above its end with its own row below the fold (the soak's browsers, writing as
  // soon as the composer showed).
  const sentAt = pending.reduce((latest, entry) => Math.max(latest, entry.createdAt), 0);
  const sending = pending.some((entry) => entry.status === 'pending');
  const listShown = loaded && !(props.readRoom !== undefined && opened === undefined);
  useEffect(() => {
    if (sentAt > ownSeen.current) {
      ownSeen.current = sentAt;
      followOwn.current = { jump: jump?.n ?? null };
    }
    const following = followOwn.current;
    if (following === null) return;
    if (jump !== null && !jump.unread && jump.n !== following.jump) followOwn.current = null;
    else if (slid || jump !== null || !atBottom) {
      if (listShown) backToEnd();
    } else if (!sending) followOwn.current = null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- what moves the log, or sends
  }, [sentAt, slid, jump?.n, atBottom, generation, listShown, sending]);

  // Tells the page its first rows are on screen, once virtuoso has rendered them (or at once for
  // an empty list): the page's secondary queries then never compete with the rows' first paint.
  const { onShown } = props;
  const told = useRef(false);
  // Rows can be rendered before virtuoso hands over its scroller (its own effect): the page is told
  // once both are there, so it always gets the log whose place it keeps.
  const tellOnScroller = useRef(false);
  const tellShown = useCallback(() => {
    if (told.current) return;
    if (scroller.current === null) {
      tellOnScroller.current = true;
      return;
    }
    told.current = true;
    markBoot('list-shown');
    onShown?.(scroller.current);
  }, [onShown]);
  useEffect(() => {
    if (loaded && items.length === 0) tellShown();
  }, [loaded, items.length, tellShown]);

  // The room on screen is read: up to its newest row as it opens and as others' rows arrive
  // (throttled by the sync); those arriving below a reader in history are counted.
  const { readRoom } = props;
  const newestRow = newestRev === null ? messages[messages.length - 1] : undefined;
  // A room opened at its first unread far back is read as its window reads on (up to its newest row).
  const unreadWindowEnd = jump?.unread && jump.shown && anchors.length === 1 ? messages[messages.length - 1] : undefined;
  const readUpTo = newestRow ?? unreadWindowEnd;
  effects.current = {
    markRead: () => {
      if (readRoom && readUpTo && chat) chat.reads.read(readRoom, readUpTo);
    },
    forgetPlace: () => {
      if (placeTimer.current !== null) clearTimeout(placeTimer.current);
      placeTimer.current = null;
      if (readRoom && chat) void chat.reads.keepPlace(readRoom, null);
    },
  };
  const openedAt = opened === undefined ? null : opened.topId !== undefined ? 'place' : opened.lineId !== null ? 'unread' : 'end';
  useEffect(() => {
    if (openedAt !== null) reading.send({ type: 'visit.opened', at: openedAt });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the visit opens
  }, [openedAt !== null]);
  const lastNewest = useRef<string | null>(null);
  const joining = joinedFrom.current !== null;
  useEffect(() => {
    const previous = lastNewest.current;
    lastNewest.current = newestRow?._id ?? null;
    if (joinedFrom.current !== null) {
      // The joined window's own rows, read down to the room's end: already there, not new. Once
      // they are laid out, a reader at their end is live (virtuoso, at its bottom all along, says nothing).
      if (shownRows === joinedFrom.current) return;
      joinedFrom.current = null;
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const log = scroller.current;
          if (log && offEnd(log) <= SCROLL_BOTTOM_THRESHOLD_PX) reading.send({ type: 'scroll.reachedEnd' });
        }),
      );
      return;
    }
    if (openedAt === null || previous === null || newestRow === undefined || previous === newestRow._id) return;
    const from = messages.findIndex((m) => m._id === previous);
    const arrived = (from >= 0 ? messages.slice(from + 1) : [newestRow]).filter((m) => m.sender.id !== props.viewer.id).length;
    if (arrived > 0) reading.send({ type: 'rows.arrived', count: arrived });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new newest row is the news
  }, [openedAt !== null, newestRow?._id, joining ? shownRows : null]);
  // Live at the stream's end with its newest row shown (back from a jumped window, whose 'jump.left'
  // comes before the newest rows are the list's): read up to it.
  const liveAtEnd = mode === 'live' && newestRow !== undefined;
  useEffect(() => {
    if (liveAtEnd) effects.current.markRead();
  }, [liveAtEnd]);
  // A first unread's window is the visit's: the next visit opens from the read state again (a
  // regular jump is kept for the session: the room opens at its message again).
  const leaveOnUnmount = useRef<(() => void) | null>(null);
  leaveOnUnmount.current = jump?.unread && readRoom && chat ? () => void chat.jumps.leave(readRoom) : null;
  useEffect(() => () => leaveOnUnmount.current?.(), []);
  const shownJump = jump?.shown ? jump.n : null;
  useEffect(() => {
    if (shownJump !== null) reading.send({ type: 'jump.opened' });
  }, [shownJump, reading]);
  useEffect(() => {
    if (unreadWindowEnd) effects.current.markRead();
  }, [unreadWindowEnd?._id]);
  // A jumped window joined the room's rows: in history now (live once its rows are in, if the
  // reader is at their end: see the arrivals below).
  useEffect(() => {
    if (joins > 0) reading.send({ type: 'jump.joined' });
  }, [joins, reading]);
  // Whether the chat may keep this room's log as it is once the member leaves it (kept-rooms.ts):
  // only when a new visit would open it the same, live at its newest rows, without line or jump.
  const keeping = useContext(RoomKeepingContext);
  const resumable = readRoom !== undefined && mode === 'live' && jump === null && lineId === null && !slid && marked === null;
  useEffect(() => {
    if (readRoom) keeping?.note(readRoom, resumable);
  }, [keeping, readRoom, resumable]);
  const startId = opened?.topId ?? lineId;
  const lineIndex = useMemo(() => (startId === null ? -1 : keys.indexOf(startId)), [keys, startId]);
  const jumpIndex = jump?.shown && !jump.unread ? keys.indexOf(jump.target) : -1;

  // The reading place, kept while the reader is away from the end (read from the log's rows a
  // moment after the rendered range changes, never per frame, and once more when the scroll comes
  // to rest: the last stretch of a scroll may change no range), forgotten at the end.
  const placeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const where = useRef({ limit, anchors, atBottom });
  where.current = { limit, anchors, atBottom };
  const savePlace = useCallback(() => {
    if (placeTimer.current !== null) clearTimeout(placeTimer.current);
    placeTimer.current = null;
    if (!readRoom || !chat) return;
    const { limit: size, anchors: bounds } = where.current;
    // Only a reader in history has a place to keep (reaching the end forgets the kept one).
    if (!reading.getSnapshot().matches('history')) return;
    const top = scroller.current?.getBoundingClientRect().top ?? 0;
    const rows = scroller.current?.querySelectorAll<HTMLElement>('[data-id]') ?? [];
    const first = [...rows].find((row) => row.getBoundingClientRect().bottom > top + 1);
    const topId = first?.dataset.id;
    if (topId) void chat.reads.keepPlace(readRoom, { topId, limit: size, anchors: [...bounds] });
  }, [readRoom, chat, reading]);
  const keepPlace = useCallback(() => {
    if (!readRoom || !chat || placeTimer.current !== null) return;
    placeTimer.current = setTimeout(savePlace, 400);
  }, [readRoom, chat, savePlace]);
  // At rest: the place a moment later (never in the frame the scroll stopped in: it reads rows' boxes).
  const scrolling = useRef(false);
  const scrollRested = useCallback((moving: boolean) => {
    scrolling.current = moving;
    if (!moving) keepEnd.current.check();
    if (!readRoom || !chat) return;
    if (placeTimer.current !== null) clearTimeout(placeTimer.current);
    placeTimer.current = moving ? null : setTimeout(savePlace, 150);
  }, [readRoom, chat, savePlace]);
  useEffect(() => () => {
    if (placeTimer.current !== null) clearTimeout(placeTimer.current);
  }, []);

  /**
   * Live at the end, the end stays in view. Virtuoso follows new rows with one scroll, aimed at
   * their estimated heights, and corrects for a measured row only for a tenth of a second after;
   * on a busy phone a burst's last rows were measured later and stayed below the fold, the log still
   * 'live' (within its threshold of the end). So once the list grew and has come to rest, it is
   * brought to its end if it stopped short, unless the reader took the scroll in between.
   */
  const keepEnd = useRef({ armed: false, timer: null as ReturnType<typeof setTimeout> | null, check: () => {} });
  keepEnd.current.check = () => {
    const state = keepEnd.current;
    if (state.timer !== null) clearTimeout(state.timer);
    state.timer = null;
    if (!state.armed) return;
    state.timer = setTimeout(() => {
      state.timer = null;
      const log = scroller.current;
      if (!state.armed || !log || scrolling.current || settling.current !== null) return;
      state.armed = false;
      if (!reading.getSnapshot().matches('live') || slid || jump !== null || !settled.current) return;
      if (offEnd(log) > 1) settleTo(offEnd);
    }, KEEP_END_AFTER_MS);
  };
  const grew = () => {
    keepEnd.current.armed = true;
    keepEnd.current.check();
  };
  /**
   * The row at the bottom of the log when its scroll was last within reach of the end: virtuoso
   * says the log left the end when rows came below it too (its 'size increased'), and rows leaving
   * the window at its top move the scroll as well; only a bottom row older than this one is the
   * reader's (or a link's, or assistive technology's) leaving it.
   */
  const rowAtEnd = useRef<string | null>(null);
  // Read in the frame's pass (frame-pass.ts), once a frame: in the scroll event itself, after a
  // socket's rows came, the reads laid the page out once more.
  const rowAtEndRead = useRef<(() => void) | null>(null);
  const noteRowAtEnd = useCallback((event: Event) => {
    const log = event.currentTarget as HTMLElement;
    rowAtEndRead.current ??= inFramePass(() => {
      rowAtEndRead.current = null;
      if (log.isConnected && offEnd(log) <= SCROLL_BOTTOM_THRESHOLD_PX) rowAtEnd.current = bottomRowId(log);
    });
  }, []);
  useEffect(() => () => rowAtEndRead.current?.(), []);
  /**
   * One function for the list's life: virtuoso's scroller re-runs its scroll-state effect (a forced
   * layout, then its whole state recomputed) whenever it gets a new one, which an inline function
   * did in every render: in a burst, once per message per log. That re-run also kept its idea of
   * the scroll true after rows arrived without a scroll event (a log opened short of its end then
   * kept believing it was not at its end: the soak's browsers saw their own message go below as
   * 'N nouveaux messages'). `syncScroll` keeps that, once a frame at most: the log's scroll,
   * height and box are read in the next frame's pass (`frame-pass.ts`: every log's reads, then
   * their writes), and if they changed since the last scroll event virtuoso heard, it hears one more.
   */
  const tellShownNow = useRef(tellShown);
  tellShownNow.current = tellShown;
  const scrollerRef = useCallback(
    (element: HTMLElement | Window | null) => {
      const log = element instanceof HTMLElement ? element : null;
      if (log === scroller.current) return;
      scroller.current?.removeEventListener('scroll', noteRowAtEnd);
      scroller.current?.removeEventListener('scroll', noteScroll);
      log?.addEventListener('scroll', noteRowAtEnd, { passive: true });
      log?.addEventListener('scroll', noteScroll, { passive: true });
      scroller.current = log;
      if (log !== null) noteScroll();
      if (log !== null && tellOnScroller.current) {
        tellOnScroller.current = false;
        tellShownNow.current();
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- noteScroll reads refs only
    [noteRowAtEnd],
  );
  useEffect(() => {
    if (syncFrame.current === null) syncFrame.current = inFramePass(syncScroll);
  });
  useEffect(() => () => {
    syncFrame.current?.();
  }, []);
  /** The reader's hand on the log (what ends a settle, `READER_SCROLLS`): their scroll is theirs. */
  const readerTookOver = () => {
    keepEnd.current.armed = false;
    followOwn.current = null;
  };
  useEffect(() => () => {
    if (keepEnd.current.timer !== null) clearTimeout(keepEnd.current.timer);
  }, []);

  // Nothing stored and the first page on its way: placeholder rows rather than a blank log.
  if (!loaded || (readRoom !== undefined && opened === undefined)) return <Wrapper>{shownRows !== null && shownRows.rows.length === 0 ? <LogSkeleton /> : null}</Wrapper>;
  return (
    <Wrapper onWheel={readerTookOver} onTouchStart={readerTookOver} onPointerDown={readerTookOver} onKeyDown={readerTookOver}>
      <RowDialogsContext.Provider value={rowDialogs}>
      <Virtuoso
        key={generation}
        ref={virtuoso}
        scrollerRef={scrollerRef}
        role="log"
        aria-label={CHAT_TEXT.messagesLog}
        aria-live="off"
        data={items}
        firstItemIndex={firstIndex.current}
        initialTopMostItemIndex={
          jumpIndex >= 0
            ? { index: jumpIndex, align: 'center' }
            : lineIndex >= 0 && (generation === 0 || jump?.unread === true) && followOwn.current === null
              ? { index: lineIndex, align: 'start' }
              : Math.max(0, items.length - 1)
        }
        computeItemKey={(_, item) => keyOf(item)}
        // Literally false below a slid or jumped window: virtuoso scrolls to the bottom when rows are
        // added at it for any followOutput but `false` (its 'increased size' follow never asks the
        // function), and the newer rows read there would be skipped to their end.
        followOutput={
          // (Nor while a jumped window joins the room's rows: those below it are no arrivals to follow.)
          slid || joining
            ? false
            : (isAtBottom) => {
                const now = performance.now();
                const since = now - lastArrival.current;
                lastArrival.current = now;
                return followNewRows(isAtBottom || reading.getSnapshot().matches('live'), slid, since);
              }
        }
        atBottomThreshold={SCROLL_BOTTOM_THRESHOLD_PX}
        atBottomStateChange={(bottom) => {
          const log = scroller.current;
          if (bottom) {
            settled.current = true;
            if (log) rowAtEnd.current = bottomRowId(log);
          } else if (log && reading.getSnapshot().matches('live') && !slid && jump === null && notAbove(keys, bottomRowId(log), rowAtEnd.current)) {
            // Not the reader leaving the end: rows came below it faster than the follow (a burst
            // on a busy phone), or the box got shorter. Live it stays, brought to the end.
            settleTo(offEnd);
            return;
          }
          reading.send({ type: bottom ? 'scroll.reachedEnd' : 'scroll.leftEnd' });
        }}
        alignToBottom
        itemsRendered={onItemsRendered}
        rangeChanged={readRoom ? keepPlace : undefined}
        isScrolling={scrollRested}
        totalListHeightChanged={slid ? undefined : grew}
        startReached={() => nearTop(0, true)}
        endReached={atJumpEnd ? loadJumpNewer : slid ? loadNewer : undefined}
        increaseViewportBy={{ top: 400, bottom: 200 }}
        defaultItemHeight={rowHeight}
        context={{
          header: props.header ?? null,
          edge: atStart || items.length === 0 ? (items.length === 0 ? (props.emptyText ?? CHAT_TEXT.emptyRoom) : CHAT_TEXT.historyStart) : olderFailed ? CHAT_TEXT.olderFailed : loadingOlder ? CHAT_TEXT.loadingOlder : '',
          retry: olderFailed && !atStart && items.length > 0 ? retryOlder : null,
        }}
        components={LOG_COMPONENTS}
        itemContent={(_, item) => (
          <>
            {item.showDay ? <DaySeparator date={item.kind === 'message' ? item.message.date : item.entry.createdAt} /> : null}
            {item.kind === 'message' && item.message._id === lineId ? <UnreadLine /> : null}
            {item.kind === 'message' && item.message._id === marked ? (
              <Jumped data-jumped="" tabIndex={-1} aria-current="location">
                <MessageRow message={item.message} showHeader viewer={props.viewer} inThread={props.inThread} onOpenThread={props.onOpenThread} />
              </Jumped>
            ) : item.kind === 'message' ? (
              <MessageRow message={item.message} showHeader={item.showHeader} viewer={props.viewer} inThread={props.inThread} onOpenThread={props.onOpenThread} />
            ) : (
              <OutboxRow entry={item.entry} />
            )}
          </>
        )}
      />
      </RowDialogsContext.Provider>
      <NewMessageAnnouncer newest={newestShown} viewerId={props.viewer.id} atEnd={atBottom} />
      {dialogs}
      {!atBottom || slid ? (
        <ToBottom type="button" onClick={backToEnd}>
          <Icon name="arrowDown" size={16} /> {newBelow > 0 ? CHAT_TEXT.newBelow(newBelow) : CHAT_TEXT.scrollToBottom}
        </ToBottom>
      ) : null}
    </Wrapper>
  );
}

/** How long a grown list at the end rests before it is checked for a last row left below the fold. */
const KEEP_END_AFTER_MS = 200;
/** Frames a jump is watched for, at least and at most, while the rows it passed over are measured. */
const SETTLE_FRAMES = { least: 30, most: 120 };
/** What stops a settling jump: the reader taking the scroll over. */
const READER_SCROLLS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
/** Frames between two asks to virtuoso for a row a settling scroll aims at and that is not rendered. */
const BRING_EVERY_FRAMES = 5;
type SettleOptions = {
  /** Once it rests (`byReader` false), or once the reader or another settle took over (true). */
  done?: (scroller: HTMLElement, byReader: boolean) => void;
  bring?: () => void;
};
/**
 * Scrolls `scroller` by `offBy()` on each frame until it rests (two frames running within a pixel,
 * half a second at least), or the reader scrolls; then `done`. Virtuoso lays out rows it has not measured at an estimate and corrects as
 * it measures them: a jump over unmeasured rows lands off its target by their error, and may land
 * where its row is not even rendered (`offBy` is null): then `bring` asks virtuoso for it again.
 * Gives back what ends it before it rests (as the reader's scroll does).
 */
function settle(scroller: HTMLElement | null, offBy: (scroller: HTMLElement) => number | null, options: SettleOptions = {}): () => void {
  if (!scroller) return () => undefined;
  let frames = 0;
  let still = 0;
  let stopped = false;
  /** Taken over (the reader's event, or another settle) or at rest (nothing rests where the jump meant if taken over). */
  const stop = (takenOver?: unknown) => {
    if (stopped) return;
    stopped = true;
    for (const type of READER_SCROLLS) scroller.removeEventListener(type, stop);
    options.done?.(scroller, takenOver !== undefined);
  };
  for (const type of READER_SCROLLS) scroller.addEventListener(type, stop, { passive: true });
  // Read in the frame's pass with the other logs' reads, moved with their writes (frame-pass.ts).
  const step = () => {
    if (stopped) return;
    const off = offBy(scroller);
    return () => {
      if (stopped) return;
      if (off === null) {
        still = 0;
        if (frames % BRING_EVERY_FRAMES === 0) options.bring?.();
      } else if (Math.abs(off) > 1) {
        still = 0;
        scroller.scrollTop += off;
      } else still += 1;
      frames += 1;
      if ((still >= 2 && frames >= SETTLE_FRAMES.least) || frames === SETTLE_FRAMES.most) stop();
      else inFramePass(step);
    };
  };
  inFramePass(step);
  return () => stop(true);
}
const offEnd = (scroller: HTMLElement) => scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop;
/** The message of the last row whose top shows in the scroller (null with no row shown). */
function bottomRowId(scroller: HTMLElement): string | null {
  const bottom = scroller.getBoundingClientRect().bottom;
  const rows = scroller.querySelectorAll<HTMLElement>('[data-id]');
  for (let i = rows.length - 1; i >= 0; i -= 1) if (rows[i]!.getBoundingClientRect().top < bottom) return rows[i]!.dataset.id ?? null;
  return null;
}
/** Whether row `now` is the row `then` or one after it in the window (`then` unknown: no). */
const notAbove = (keys: readonly string[], now: string | null, then: string | null) => {
  if (now === null || then === null) return false;
  const at = keys.indexOf(then);
  return at >= 0 && keys.indexOf(now) >= at;
};
/** How far the row of message `id` is below the scroller's top (null while it is not rendered). */
const offRow = (id: string) => (scroller: HTMLElement) => {
  const row = rowOf(scroller, id);
  return row ? row.getBoundingClientRect().top - scroller.getBoundingClientRect().top : null;
};
/** Virtuoso's item holding the row of message `id`, while it is rendered. */
const rowOf = (scroller: HTMLElement, id: string) => scroller.querySelector(`[data-id="${CSS.escape(id)}"]`)?.closest('[data-index]') ?? null;

/** How far the row of message `id` is from the scroller's middle (null while it is not rendered). */
const offCentre = (id: string) => (scroller: HTMLElement) => {
  const row = rowOf(scroller, id);
  if (!row) return null;
  const box = row.getBoundingClientRect();
  const view = scroller.getBoundingClientRect();
  return box.top + box.height / 2 - (view.top + view.height / 2);
};

type LogContext = { header: ReactNode; edge: string; retry: (() => void) | null };
/**
 * One components object for every list: a component made in each render would be a new type each
 * time, so React would remount the header and virtuoso lose its measured height (a jump to the end
 * then stopped that much short of it).
 */
const LOG_COMPONENTS: Components<Item, LogContext> = {
  Header: ({ context }) => (
    <Edge role={context.retry ? 'alert' : undefined}>
      {context.header}
      {context.edge}
      {context.retry ? (
        <RetryButton type="button" onClick={context.retry}>
          {CHAT_TEXT.retry}
        </RetryButton>
      ) : null}
    </Edge>
  ),
};

const Wrapper = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  & > div {
    height: 100%;
  }
`;
/** Inside the edge's fixed height; on a phone the 44-px floor (touch-targets.ts) overflows it, moving no row. */
const RetryButton = styled.button`
  margin-left: 8px;
  padding: 4px 12px;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
  color: var(--text);
  font: inherit;
  cursor: pointer;
`;
/** Always the same height, whatever it says, so rows below never move when it changes. */
const Edge = styled.div`
  height: 40px;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 0 16px;
  font-size: 13px;
  color: var(--muted);
`;
/** The message a jump opened at: a background that fades, and the focus (outlined while it holds it). */
const Jumped = styled.div`
  border-radius: 6px;
  animation: jumped-fade 4s ease-out;
  &:focus {
    outline: 2px solid var(--accent);
    outline-offset: -2px;
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
    background: var(--accent-soft);
  }
  @keyframes jumped-fade {
    from,
    40% {
      background: var(--accent-soft);
    }
    to {
      background: transparent;
    }
  }
`;
const ToBottom = styled.button`
  position: absolute;
  right: 16px;
  bottom: 12px;
  padding: 6px 12px;
  border-radius: 999px;
  border: 1px solid var(--border);
  background: var(--surface);
  color: var(--text);
  box-shadow: var(--shadow);
  cursor: pointer;
`;
