import { LOGIN_MUTATION } from '../../src/contract/graphql-documents';
import { GRAPHQL_PATH } from '../../src/contract/hosts';
import { TOKEN_COOKIE } from '../../src/sync/token-cookie';
import type { RunningCluster } from '../../server/cluster/start-cluster';
import { composer, log, toNewest, unique } from './chat-room';
import { test } from './cluster-under-test';
import { expect, type Browser, type Page } from './fixtures';
import { paced } from './pace';
import { PASSWORD } from './sign-in';

/**
 * Scale-out (issue 24): three server processes on PostgreSQL and Redis, started by
 * `npm run cluster`'s code behind its entry port. Two members on two different nodes chat live;
 * one node is killed (kill -9) under a member, whose page reconnects through the entry to another
 * node and goes on: what it sends after reaches the other member, and nothing arrives twice.
 */

test.afterEach(async ({ scaleOut }, testInfo) => {
  if ('journal' in scaleOut && testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach('journal du cluster', { body: scaleOut.journal.join('\n'), contentType: 'text/plain' });
  }
});

test('two members on two nodes chat live, and one outlives its node killed under it, through the entry', async ({ browser, scaleOut }) => {
  test.skip('skipped' in scaleOut, 'skipped' in scaleOut ? scaleOut.skipped : '');
  if (!('cluster' in scaleOut)) return;
  const { cluster } = scaleOut;
  const entry = cluster.entryUrl;
  expect(entry, 'the cluster has an entry port').not.toBeNull();

  // The VIP member comes through the entry: the cluster deals its socket to one of the nodes.
  const vip = await member(browser, entry!, 'vip');
  const first = await entryNode(cluster, 'the socket through the entry, on some node');
  // The Live member goes straight to another node's own port.
  const other = cluster.nodes().find((node) => node.index !== first)!;
  const live = await member(browser, other.url, 'live');
  await expect.poll(() => cluster.sockets()[other.index - 1]?.direct, { message: `the Live member's socket on node ${other.index}` }).toBe(1);

  const hello = unique(`Bonjour depuis le nœud ${first}`);
  await send(vip, hello);
  await expect(log(live).getByText(hello)).toHaveCount(1);
  const reply = unique(`Réponse depuis le nœud ${other.index}`);
  await send(live, reply);
  await expect(log(vip).getByText(reply)).toHaveCount(1);

  // kill -9 of the VIP member's node, and a message written at once, before the page has noticed.
  const killed = cluster.nodes()[first - 1]!;
  cluster.kill(first, 'SIGKILL');
  const after = unique('Écrit pendant la panne');
  await send(vip, after);
  await expect(log(live).getByText(after)).toHaveCount(1, { timeout: paced(20_000) });
  await expect(log(vip).getByText('Envoi en cours…')).toHaveCount(0, { timeout: paced(20_000) });
  const second = await entryNode(cluster, 'the socket back through the entry, on another node', first);
  expect(second).not.toBe(first);
  test.info().annotations.push({ type: 'nœuds', description: `VIP sur le nœud ${first} par l'entrée, puis sur le nœud ${second} ; Live sur le nœud ${other.index}` });

  // Both ways still live; and every message is there once on both pages.
  const back = unique(`Bien reçu sur le nœud ${other.index}`);
  await send(live, back);
  await expect(log(vip).getByText(back)).toHaveCount(1);
  for (const text of [hello, reply, after, back]) {
    await expect(log(vip).getByText(text), `« ${text} » once for the VIP member`).toHaveCount(1);
    await expect(log(live).getByText(text), `« ${text} » once for the Live member`).toHaveCount(1);
  }

  // Meanwhile the cluster started the killed node again: a new process on the same port.
  expect(scaleOut.journal).toContainEqual(expect.stringMatching(new RegExp(`^\\[cluster\\] nœud ${first} arrêté \\(signal SIGKILL\\) : redémarrage`)));
  await expect
    .poll(() => {
      const node = cluster.nodes()[first - 1]!;
      return node.up && node.pid !== killed.pid;
    }, { message: `node ${first} restarted`, timeout: paced(30_000) })
    .toBe(true);

  await vip.context().close();
  await live.context().close();
});

/** A member signed in (the login call, its token in the session cookie) on `origin`, in Forex at its newest rows. */
async function member(browser: Browser, origin: string, identifier: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  const response = await context.request.post(GRAPHQL_PATH, { data: { query: LOGIN_MUTATION, variables: { input: { identifier, password: PASSWORD } } } });
  const answer = (await response.json()) as { data?: { login?: { jwt?: string } } };
  const jwt = answer.data?.login?.jwt;
  expect(jwt, `the login of ${identifier} on ${origin}`).toBeTruthy();
  await context.addCookies([{ name: TOKEN_COOKIE, value: jwt!, url: origin, sameSite: 'Lax' }]);
  const page = await context.newPage();
  await page.goto('/chat?room=Forex');
  await expect(page.getByRole('link', { name: 'Mon profil' })).toBeVisible();
  await expect(page).toHaveTitle(/ChatRoom Forex/);
  await toNewest(page);
  return page;
}

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await page.getByRole('button', { name: 'Envoyer', exact: true }).first().click();
}

/** The node holding the one socket that came through the entry (not `except`), once there is exactly one. */
async function entryNode(cluster: RunningCluster, message: string, except?: number): Promise<number> {
  let holder = 0;
  await expect
    .poll(
      () => {
        const holders = cluster.sockets().filter((count) => count.entry > 0);
        holder = holders.length === 1 && holders[0]!.entry === 1 && holders[0]!.node !== except ? holders[0]!.node : 0;
        return holder;
      },
      { message, timeout: paced(15_000) },
    )
    .not.toBe(0);
  return holder;
}
