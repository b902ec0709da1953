// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../src/contract/chat';
import { LIST_PAGE } from '../../../src/domain/chat-limits';
import { stateOfMessage, toDoc } from '../../../src/sync/message-state';
import type { RawFirstWindow } from '../../../src/sync/raw-first-window';
import { FirstPaint, firstRows } from '../../../src/views/chat/first-paint';
import { screenAt, startFirstPaintLoads } from '../../../src/views/chat/first-paint-loads';
import { FIRST_PAINT_SETTLE_MS } from '../../../src/machines/first-paint-machine';
import { startFirstPaint } from '../../../src/views/chat/first-paint-source';
import { logPlaceFor, rememberLogPlace, type LogPlace } from '../../../src/views/chat/log-place';
import { roomMessage } from '../store/chat-fixtures';

afterEach(cleanup);

const ROOM = { id: 'forex', name: 'Forex', position: 0, canRead: true };
/** As the store keeps them on disk: newest first, one more than a page when the history goes on. */
const stored = (messages: ChatMessage[]) => messages.map((m) => toDoc(stateOfMessage(m, true))).reverse();
const rawWindow = (messages: ChatMessage[], followings: unknown = null, exhausted = true): RawFirstWindow => ({ room: ROOM, docs: stored(messages), followings, exhausted });
const page = (count: number, from = 0) => Array.from({ length: count }, (_, i) => roomMessage(from + i));
const PLACE: LogPlace = { top: 100, left: 400, width: 600, height: 320, viewport: { width: 1280, height: 800 }, viewer: { id: 2, moderator: false } };

describe('firstRows', () => {
  it("shows a page oldest first, the row past it deciding the first row's header", () => {
    const later = (i: number) => new Date(Date.UTC(2026, 10, 20) + i * 1000).toISOString();
    // All from one author, a second apart: only the very first row of the room has a header.
    const messages = Array.from({ length: LIST_PAGE + 1 }, (_, i) => roomMessage(i, 'forex', { date: later(i) }));
    const rows = firstRows(rawWindow(messages))!;
    // The window's oldest row decides its first row's header (windowListing).
    expect(rows).toHaveLength(LIST_PAGE - 1);
    expect(rows[0]?.message._id).toBe('forex-2');
    expect(rows.at(-1)?.message._id).toBe(`forex-${LIST_PAGE}`);
    expect(rows.every((row) => !row.showHeader)).toBe(true);
    // Without the context row, the first one shown has its header.
    expect(firstRows(rawWindow(messages.slice(1)))?.[0]?.showHeader).toBe(true);
  });

  it("lists the oldest stored row only once the room's beginning is stored", () => {
    const rows = firstRows(rawWindow(page(5), null, false))!;
    expect(rows.map((row) => row.message._id)).toEqual(['forex-1', 'forex-2', 'forex-3', 'forex-4']);
    // Decided against the row held back: same author a minute before, no header, no day.
    expect(rows[0]).toMatchObject({ showHeader: false, showDay: false });
    expect(firstRows(rawWindow(page(5), null, true))?.[0]).toMatchObject({ message: { _id: 'forex-0' }, showHeader: true, showDay: true });
  });

  it('leaves out deleted messages and the authors the member blocked', () => {
    const deleted = { ...toDoc({ ...stateOfMessage(roomMessage(3), true), deletedSeq: 9 }) };
    const raw = { ...rawWindow(page(5)), docs: [...stored(page(3, 5)), deleted] };
    expect(firstRows(raw)?.map((row) => row.message._id)).toEqual(['forex-5', 'forex-6', 'forex-7']);
    const blocked = rawWindow(page(3), { followings: [], blocked: ['2'] });
    expect(firstRows(blocked)).toEqual([]);
  });

  it('paints nothing when anything stored does not decode', () => {
    const broken = toDoc(stateOfMessage(roomMessage(1), true));
    const raw = rawWindow(page(3));
    expect(firstRows({ ...raw, docs: [...raw.docs, { ...broken, state: { ...broken.state, body: { content: 42 } } }] })).toBeNull();
    expect(firstRows({ ...raw, docs: [...raw.docs, 'garbage'] })).toBeNull();
    expect(firstRows({ ...raw, followings: { blocked: 'everyone' } })).toBeNull();
  });
});

describe('FirstPaint', () => {
  it('paints the newest rows that fit where the log was, inert and hidden from assistive technologies', async () => {
    const painted = vi.fn();
    const { container } = render(<FirstPaint place={PLACE} window={rawWindow(page(LIST_PAGE + 1))} onPainted={painted} />);
    const box = container.querySelector<HTMLElement>('[data-first-paint]')!;
    expect(box.getAttribute('role')).toBe('log');
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(box.hasAttribute('inert')).toBe(true);
    expect(screen.queryByRole('log')).toBeNull();
    expect(box.style.top).toBe('100px');
    expect(box.style.width).toBe('600px');
    const ids = [...box.querySelectorAll('article[data-id]')].map((row) => row.getAttribute('data-id'));
    // 320 px hold at most 10 rows of 32 px: the 10 newest, the newest last.
    expect(ids).toHaveLength(10);
    expect(ids.at(-1)).toBe(`forex-${LIST_PAGE}`);
    await vi.waitFor(() => expect(painted).toHaveBeenCalledTimes(1));
  });

  it("paints the list's day separators, decided as the list decides them", () => {
    // Three rows on two local days, then the newest two on a third (of a past year): the box holds them all.
    const at = (day: number, hour: number) => new Date(2020, 10, day, hour, 0).toISOString();
    const messages = [roomMessage(1, 'forex', { date: at(20, 22) }), roomMessage(2, 'forex', { date: at(20, 23) }), roomMessage(3, 'forex', { date: at(21, 8) }), roomMessage(4, 'forex', { date: at(23, 9) }), roomMessage(5, 'forex', { date: at(23, 10) })];
    const { container } = render(<FirstPaint place={PLACE} window={rawWindow(messages)} />);
    const box = container.querySelector<HTMLElement>('[data-first-paint]')!;
    const order = [...box.children].map((child) => child.getAttribute('data-id') ?? `— ${child.getAttribute('aria-label')}`);
    expect(order).toEqual(['— vendredi 20 novembre 2020', 'forex-1', 'forex-2', '— samedi 21 novembre 2020', 'forex-3', '— lundi 23 novembre 2020', 'forex-4', 'forex-5']);
    expect(firstRows(rawWindow(messages))?.map((row) => row.showDay)).toEqual([true, false, true, true, false]);
  });

  it('paints nothing, and says so at once, when there is nothing to show', () => {
    const painted = vi.fn();
    const { container } = render(<FirstPaint place={PLACE} window={rawWindow([])} onPainted={painted} />);
    expect(container.innerHTML).toBe('');
    expect(painted).toHaveBeenCalledTimes(1);
  });
});

describe('startFirstPaint', () => {
  const storage = () => {
    const s = window.localStorage;
    s.clear();
    return s;
  };
  const env = (overrides: Partial<Parameters<typeof startFirstPaint>[0]> = {}): Parameters<typeof startFirstPaint>[0] => ({
    path: '/chat',
    requestedRoom: null,
    lastRoomId: null,
    storage: window.localStorage,
    viewport: PLACE.viewport,
    // The local database holds nothing to paint.
    loads: () => ({ rows: Promise.resolve(null), view: Promise.resolve(FirstPaint) }),
    ...overrides,
  });
  const keep = (place: LogPlace) => window.localStorage.setItem('chatLogPlace', JSON.stringify(place));

  it('starts only on the chat, with a place kept for this window size', () => {
    storage();
    expect(startFirstPaint(env())).toBeNull();
    keep(PLACE);
    expect(startFirstPaint(env({ path: '/notification' }))).toBeNull();
    expect(startFirstPaint(env({ viewport: { width: 800, height: 600 } }))).toBeNull();
    // No IndexedDB in this browser: nothing loads.
    expect(startFirstPaint(env({ loads: () => null }))).toBeNull();
    expect(startFirstPaint(env())?.place).toEqual(PLACE);
  });

  it('settles at once when there is nothing to paint, so the data layer never waits for it', async () => {
    storage();
    keep(PLACE);
    const source = startFirstPaint(env())!;
    expect(await source.ready).toBeNull();
    expect(source.readyNow()).toBeNull();
    await source.settled;
    expect(source.state.getSnapshot().value).toBe('over');
  });

  it('is painted, settles, then hands over to the live list', async () => {
    storage();
    keep(PLACE);
    const window = rawWindow(page(3));
    const source = startFirstPaint(env({ loads: () => ({ rows: Promise.resolve(window), view: Promise.resolve(FirstPaint) }) }))!;
    // Known at once once the loads are in: the app's first render paints the rows.
    expect(source.readyNow()).toBeUndefined();
    expect((await source.ready)?.window).toBe(window);
    expect(source.readyNow()?.window).toBe(window);
    await vi.waitFor(() => expect(source.state.getSnapshot().value).toBe('painting'));
    let settled = false;
    void source.settled.then(() => (settled = true));
    source.painted();
    await source.settled;
    expect(settled).toBe(true);
    expect(source.state.getSnapshot().value).toBe('shown');
    source.handOver();
    expect(source.state.getSnapshot().value).toBe('over');
    // Each room shown later hands over again: nothing more happens, nothing is warned.
    const warn = vi.spyOn(console, 'warn');
    source.handOver();
    source.painted();
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('gives up a first paint not ready in time, and lets the data layer start', async () => {
    vi.useFakeTimers();
    try {
      storage();
      keep(PLACE);
      const never = () => new Promise<never>(() => {});
      const source = startFirstPaint(env({ loads: () => ({ rows: never(), view: never() }) }))!;
      let settled = false;
      void source.settled.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(FIRST_PAINT_SETTLE_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
      expect(source.state.getSnapshot().value).toBe('over');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the first paint loads', () => {
  it('read the screen from the address and the last room stored', () => {
    const storage = { getItem: (key: string) => (key === 'lastRoom' ? 'crypto' : null) };
    expect(screenAt({ pathname: '/chat', search: '?room=Forex' }, storage)).toEqual({ path: '/chat', requestedRoom: 'Forex', lastRoomId: 'crypto' });
    expect(screenAt({ pathname: '/', search: '' }, { getItem: () => null })).toEqual({ path: '/', requestedRoom: null, lastRoomId: null });
  });

  it('start only on the chat, in a browser with IndexedDB', () => {
    const idb = { open: () => { throw new Error('never opened'); } } as unknown as IDBFactory;
    expect(startFirstPaintLoads({ path: '/notification', requestedRoom: null, lastRoomId: null }, idb)).toBeNull();
    expect(startFirstPaintLoads({ path: '/chat', requestedRoom: null, lastRoomId: null }, undefined)).toBeNull();
  });
});

describe('the log place', () => {
  it('is kept for the window size it was taken in, and read back only there', () => {
    const s = window.localStorage;
    s.clear();
    const log = document.createElement('div');
    log.getBoundingClientRect = () => ({ top: 148, left: 481, width: 798, height: 532, right: 1279, bottom: 680, x: 481, y: 148, toJSON: () => ({}) });
    rememberLogPlace(s, log, { id: 7, moderator: true }, { width: 1280, height: 800 });
    expect(logPlaceFor(s, { width: 1280, height: 800 })).toEqual({ top: 148, left: 481, width: 798, height: 532, viewport: { width: 1280, height: 800 }, viewer: { id: 7, moderator: true } });
    expect(logPlaceFor(s, { width: 1280, height: 720 })).toBeNull();
  });

  it('reads nothing from a broken or foreign value', () => {
    const s = window.localStorage;
    s.setItem('chatLogPlace', '{not json');
    expect(logPlaceFor(s, { width: 1280, height: 800 })).toBeNull();
    s.setItem('chatLogPlace', JSON.stringify({ ...PLACE, height: -5 }));
    expect(logPlaceFor(s, PLACE.viewport)).toBeNull();
  });
});
