import type { Page } from '@playwright/test';

/**
 * Floors: what the browser itself allows for the same work, measured in the same page right after
 * the measured run — a raw IndexedDB read of the same documents from RxDB's Dexie database, a raw
 * socket.io request over a plain WebSocket, 50 plain rows rendered, a plain list scrolled, a plain
 * textarea typed in. Each function below runs in the page (serialised by Playwright).
 */

export const MESSAGES_DB = 'rxdb-dexie-comptoir--0--messages';

export type IdbFloor = { total: number; read: number; docs: number; lastRev: number | null };

/**
 * The newest `count` documents of a stream (or the next `count` older than `afterRev`) read
 * through the same compound index RxDB uses, then rendered as plain rows and painted.
 */
export function idbWindowFloor(page: Page, stream: string, count: number, afterRev: number | null, render = true): Promise<IdbFloor> {
  return page.evaluate(
    async ({ dbName, stream, count, afterRev, render }) => {
      const started = performance.now();
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(dbName);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const store = db.transaction('docs', 'readonly').objectStore('docs');
      const indexName = [...store.indexNames].find((name) => name.includes('stream') && name.includes('rev'));
      if (!indexName) throw new Error(`aucun index [stream+rev] dans ${dbName}`);
      const index = store.index(indexName);
      const keyPath = (Array.isArray(index.keyPath) ? index.keyPath : [index.keyPath]) as string[];
      const bound = (high: boolean) =>
        keyPath.map((field) => {
          if (field === '_deleted') return '0';
          if (field === 'stream') return stream;
          if (field === 'rev') return high ? Number.MAX_SAFE_INTEGER : afterRev === null ? -1 : afterRev + 1;
          return high ? '\uffff' : '';
        });
      const docs = await new Promise<{ rev: number; state: { body?: { content?: string; sender?: { username?: string } } } }[]>((resolve, reject) => {
        const request = index.getAll(IDBKeyRange.bound(bound(false), bound(true)), count);
        request.onsuccess = () => resolve(request.result as never);
        request.onerror = () => reject(request.error);
      });
      const read = performance.now() - started;
      db.close();
      if (render) {
        const box = document.createElement('div');
        box.style.cssText = 'position:fixed;inset:0 auto auto 0;width:640px;height:100vh;overflow:hidden;background:#fff;z-index:99999;font:14px sans-serif';
        for (const doc of docs) {
          const row = document.createElement('div');
          row.style.cssText = 'padding:6px 12px;border-bottom:1px solid #ddd';
          row.textContent = `${doc.state.body?.sender?.username ?? ''} — ${doc.state.body?.content ?? ''}`;
          box.append(row);
        }
        document.body.append(box);
        await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
        const total = performance.now() - started;
        box.remove();
        return { total, read, docs: docs.length, lastRev: docs.at(-1)?.rev ?? null };
      }
      return { total: read, read, docs: docs.length, lastRev: docs.at(-1)?.rev ?? null };
    },
    { dbName: MESSAGES_DB, stream, count, afterRev, render },
  );
}

/**
 * The cold open's floor: a plain WebSocket speaking socket.io's protocol asks 'more messages' for
 * the room's latest page (the first request the chat makes), and the answer is rendered as 50
 * plain rows — no app, no store, no framework. With `aroundMessage`, the jump's floor: the window
 * around that message asked for and rendered the same way.
 */
export function rawHistoryFloor(page: Page, room: string, aroundMessage?: string): Promise<number> {
  const ask = aroundMessage === undefined ? { room, cursor: null } : { room, aroundMessage };
  return page.evaluate(async (ask) => {
    const cookie = document.cookie.split('; ').find((c) => c.startsWith('access_token='));
    const token = cookie ? decodeURIComponent(cookie.slice('access_token='.length)) : '';
    const started = performance.now();
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/socket.io/?EIO=4&transport=websocket`);
    const page = await new Promise<{ messages: { content: string; sender: { username: string } }[] }>((resolve, reject) => {
      ws.onmessage = (event) => {
        const data = String(event.data);
        if (data.startsWith('0{')) ws.send(`40${JSON.stringify({ token })}`);
        else if (data.startsWith('40')) ws.send(`420${JSON.stringify(['more messages', ask])}`);
        else if (data.startsWith('430')) resolve((JSON.parse(data.slice(3)) as never[])[0]!);
        else if (data === '2') ws.send('3');
        else if (data.startsWith('44')) reject(new Error(data));
      };
      ws.onerror = () => reject(new Error('WebSocket refusé'));
    });
    ws.close();
    const box = document.createElement('div');
    box.style.cssText = 'position:fixed;inset:0 auto auto 0;width:640px;height:100vh;overflow:hidden;background:#fff;z-index:99999;font:14px sans-serif';
    for (const message of page.messages) {
      const row = document.createElement('div');
      row.style.cssText = 'padding:6px 12px;border-bottom:1px solid #ddd';
      row.textContent = `${message.sender.username} — ${message.content}`;
      box.append(row);
    }
    document.body.append(box);
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    const total = performance.now() - started;
    box.remove();
    return total;
  }, ask);
}

export type ScrollRun = { frames: number[]; rows: number; elapsed: number; loafs: number; longestLoaf: number; stalledMs: number; loafScripts?: string[] };

/** A plain list of fixed rows scrolled upwards at `speed` px/s for `ms`: frame intervals. */
export function plainScrollFloor(page: Page, speed: number, ms: number): Promise<ScrollRun> {
  return page.evaluate(
    async ({ speed, ms }) => {
      const box = document.createElement('div');
      box.style.cssText = 'position:fixed;inset:0 auto auto 0;width:640px;height:100vh;overflow:auto;background:#fff;z-index:99999;font:14px sans-serif';
      const rows = Math.ceil((speed * ms) / 1000 / 60) + 40;
      for (let i = 0; i < rows; i += 1) {
        const row = document.createElement('div');
        row.style.cssText = 'height:48px;padding:6px 12px;border-bottom:1px solid #ddd';
        row.textContent = `Ligne ${i} — EUR/USD teste la résistance à 1,0950 depuis ce matin.`;
        box.append(row);
      }
      document.body.append(box);
      box.scrollTop = box.scrollHeight;
      await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
      const frames: number[] = [];
      const started = performance.now();
      await new Promise<void>((resolve) => {
        let last = started;
        const step = (now: number) => {
          frames.push(now - last);
          box.scrollBy(0, (-speed * (now - last)) / 1000);
          last = now;
          if (now - started < ms) requestAnimationFrame(step);
          else resolve();
        };
        requestAnimationFrame((now) => {
          last = now;
          requestAnimationFrame(step);
        });
      });
      const ended = performance.now();
      box.remove();
      const loafs = window.__bench.loafs.filter((l) => l.start >= started && l.start < ended && l.duration > 50);
      return { frames, rows, elapsed: ended - started, loafs: loafs.length, longestLoaf: Math.max(0, ...loafs.map((l) => l.duration)), stalledMs: 0 };
    },
    { speed, ms },
  );
}

/** Adds a plain control (a button or a textarea) over the page, for the event floors. */
export function addPlainControl(page: Page, kind: 'button' | 'textarea'): Promise<void> {
  return page.evaluate((kind) => {
    document.getElementById('bench-plain-control')?.remove();
    const control = document.createElement(kind);
    control.id = 'bench-plain-control';
    control.setAttribute('aria-label', 'bench');
    if (kind === 'button') control.textContent = 'bench';
    control.style.cssText = 'position:fixed;right:8px;bottom:8px;width:200px;height:40px;z-index:99999';
    document.body.append(control);
  }, kind);
}

export function removePlainControl(page: Page): Promise<void> {
  return page.evaluate(() => document.getElementById('bench-plain-control')?.remove());
}

/**
 * The burst's floor: a plain WebSocket in the same page joins the visible room and paints each
 * 'chat messages' event in one plain line, noting when (Date.now()) it was painted.
 */
export function startRawListener(page: Page, room: string): Promise<void> {
  return page.evaluate(async (room) => {
    const cookie = document.cookie.split('; ').find((c) => c.startsWith('access_token='));
    const token = cookie ? decodeURIComponent(cookie.slice('access_token='.length)) : '';
    const painted = new Map<string, number>();
    const line = document.createElement('div');
    line.style.cssText = 'position:fixed;left:0;bottom:0;width:320px;height:20px;overflow:hidden;background:#fff;z-index:99999;font:12px sans-serif';
    document.body.append(line);
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/socket.io/?EIO=4&transport=websocket`);
    let waiting: string[] = [];
    let frame = false;
    await new Promise<void>((resolve, reject) => {
      ws.onmessage = (event) => {
        const data = String(event.data);
        if (data.startsWith('0{')) ws.send(`40${JSON.stringify({ token })}`);
        else if (data.startsWith('40')) ws.send(`420${JSON.stringify(['join room', { room }])}`);
        else if (data.startsWith('430')) resolve();
        else if (data === '2') ws.send('3');
        else if (data.startsWith('42["chat messages"')) {
          const [, message] = JSON.parse(data.slice(2)) as [string, { _id: string; content: string }];
          line.textContent = message.content;
          waiting.push(message._id);
          if (!frame) {
            frame = true;
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const at = Date.now();
                for (const id of waiting) painted.set(id, at);
                waiting = [];
                frame = false;
              }),
            );
          }
        }
      };
      ws.onerror = () => reject(new Error('WebSocket refusé'));
    });
    (window as unknown as { __benchRaw: { ws: WebSocket; painted: Map<string, number>; line: HTMLElement } }).__benchRaw = { ws, painted, line };
  }, room);
}

/** Stops the raw listener: message id → epoch ms painted. */
export function stopRawListener(page: Page): Promise<[string, number][]> {
  return page.evaluate(() => {
    const raw = (window as unknown as { __benchRaw?: { ws: WebSocket; painted: Map<string, number>; line: HTMLElement } }).__benchRaw;
    if (!raw) return [];
    raw.ws.close();
    raw.line.remove();
    return [...raw.painted];
  });
}
