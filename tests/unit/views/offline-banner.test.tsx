// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { DataLayer } from '../../../src/data-layer';
import { APP_TEXT } from '../../../src/domain/app-text-fr';
import { REALTIME_GRACE_MS } from '../../../src/machines/connectivity-machine';
import { sessionMachine, type UserLookup } from '../../../src/machines/session-machine';
import { CoreProvider, type CoreServices } from '../../../src/views/app-context';
import { OfflineBanner } from '../../../src/views/offline-banner';

/**
 * The 'Hors ligne' banner at the app's root: the browser's network events for everyone, the data
 * layer's realtime connection for a signed-in member, a status region only while offline.
 */
function mount(options: { signedIn: boolean }) {
  const realtime$ = new BehaviorSubject(false);
  const session = createActor(
    sessionMachine.provide({
      guards: { hasToken: () => options.signedIn },
      actors: {
        loadCurrentUser: fromPromise<UserLookup>(() => new Promise(() => {})),
        signOut: fromPromise<void>(async () => {}),
        contentSync: fromCallback(() => () => {}),
      },
    }),
  ).start();
  const loadData = vi.fn(async () => ({ realtime$ }) as unknown as DataLayer);
  const services = { session, loadData } as unknown as CoreServices;
  render(
    <CoreProvider services={services}>
      <OfflineBanner />
    </CoreProvider>,
  );
  return { realtime$, session, loadData };
}

const setNetwork = (online: boolean) =>
  act(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the offline banner', () => {
  it('shows while the browser is offline, signed out too, and goes when the network is back', () => {
    const { loadData } = mount({ signedIn: false });
    expect(screen.queryByRole('status')).toBeNull();
    setNetwork(false);
    expect(screen.getByRole('status').textContent).toBe(APP_TEXT.offline);
    setNetwork(true);
    expect(screen.queryByRole('status')).toBeNull();
    // Signed out, the data layer is never asked for.
    expect(loadData).not.toHaveBeenCalled();
  });

  it('shows at once on a page opened offline, and tells a member that messages wait for the network', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    mount({ signedIn: true });
    await act(async () => undefined);
    expect(screen.getByRole('status').textContent).toBe(`${APP_TEXT.offline}${APP_TEXT.offlineOutbox}`);
  });

  it('says nothing while the realtime connection comes up, and offline once it stays lost past the grace', async () => {
    const { realtime$, loadData } = mount({ signedIn: true });
    await act(async () => undefined);
    expect(loadData).toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(REALTIME_GRACE_MS - 1));
    act(() => realtime$.next(true));
    act(() => void vi.advanceTimersByTime(REALTIME_GRACE_MS));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => realtime$.next(false));
    act(() => void vi.advanceTimersByTime(REALTIME_GRACE_MS));
    expect(screen.getByRole('status').textContent).toContain(APP_TEXT.offline);
    // Network back but realtime still down: still offline, until the connection is back.
    setNetwork(false);
    setNetwork(true);
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => realtime$.next(true));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stops following the realtime connection once signed out', async () => {
    const { realtime$, session } = mount({ signedIn: true });
    await act(async () => undefined);
    act(() => void vi.advanceTimersByTime(REALTIME_GRACE_MS));
    expect(screen.getByRole('status')).toBeTruthy();
    await act(async () => void session.send({ type: 'session.signOut' }));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => realtime$.next(false));
    act(() => void vi.advanceTimersByTime(REALTIME_GRACE_MS));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
