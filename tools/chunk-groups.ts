import { resolve } from 'node:path';

/** What the chunking asks of a module graph (rolldown's chunking context). */
type Graph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * The chat's code in two chunks instead of sixty (issue 4, `initial_js_kb` and `cold_open_ms`).
 * Left to itself the bundler makes one chunk per set of lazy screens sharing a module: the chat
 * page requested about 80 files, half of them under 1 KB. Each is its own gzip stream (the sum was
 * about 20 KB over one stream of the same code), and over HTTP/1.1's six connections per host the
 * flood queued the chat's first API calls behind it (the member's profile answered in 6 ms on the
 * server but 420 ms after the page asked).
 *
 * - `first-paint`: the chat's first paint (`src/views/chat/first-paint.tsx`): the rows it paints
 *   from the raw read before anything else loads (`warm_open_ms`) — the message row and its parts.
 *   The chat and the data layer import them from there.
 * - `data-layer`: what the data layer (`src/data-layer.ts`) imports — the store, the syncs, RxDB,
 *   Dexie, socket.io. Every signed-in screen loads it.
 * - `chat`: what the chat page and the shell import beyond that — the chat's views, the message
 *   list and its rows, the shell's parts. The other signed-in screens load the shell, and with it
 *   this chunk; the chat is the screen members spend their time on.
 * - `common`: the shared components, rules and wording among those, which public pages (the
 *   landing pages, the checkout) use without the chat.
 * Whatever the app's entry (`src/main.tsx`) imports stays with it: the sign-in
 * page never loads these two chunks. Everything else is left to the bundler.
 */
/** The screens' shared parts and rules: the public pages use them without the chat. */
const SHARED_BY_PAGES = /[\\/]src[\\/](views[\\/]common|domain|contract)[\\/]/;

export function chunkGroups(root: string) {
  const at = (path: string) => resolve(root, path);
  const entries = [at('src/main.tsx')];
  const firstPaint = [at('src/views/chat/first-paint.tsx')];
  const data = [at('src/data-layer.ts')];
  const chat = [at('src/views/chat/chat-page.tsx'), at('src/views/shell/shell.tsx')];
  const closures = new Map<string, Set<string>>();
  /** The modules `roots` import, statically and transitively (themselves included). */
  const closure = (graph: Graph, key: string, roots: readonly string[]): Set<string> => {
    let seen = closures.get(key);
    if (seen) return seen;
    seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    closures.set(key, seen);
    if (process.env.CHUNK_DEBUG) console.log('closure', key, seen.size, roots.map((r) => [r, graph.getModuleInfo(r) === null]));
    return seen;
  };
  const area = (id: string, graph: Graph): string | null => {
    if (closure(graph, 'entry', entries).has(id)) return 'app';
    if (closure(graph, 'first-paint', firstPaint).has(id)) return 'first-paint';
    if (closure(graph, 'data', data).has(id)) return 'data-layer';
    if (closure(graph, 'chat', chat).has(id)) return SHARED_BY_PAGES.test(id) ? 'common' : 'chat';
    return null;
  };
  // Each group holds what it imports but for what a group below it holds (entry ← first paint ← data layer ← chat):
  // it must not pull those in again, as the bundler's default would.
  return { includeDependenciesRecursively: false, groups: [{ name: area }] };
}
