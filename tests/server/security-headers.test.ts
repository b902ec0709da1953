import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_SCRIPT } from '../../server/billing/invoice-document';
import { DEV_PAGE_REFUSED, devPagesNotice } from '../../server/http/dev-pages';
import { billingClient, CARDS, newMember } from './billing-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let production: TestServer;
beforeAll(async () => {
  [server, production] = await Promise.all([startTestServer({ app: { registerLimit: 1000 } }), startTestServer({ app: { production: true } })]);
}, 60_000);
afterAll(() => Promise.all([server.close(), production.close()]));

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  expect(header).not.toBeNull();
  return new Map(header!.split(';').map((part) => part.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));
}

describe("the app's pages", () => {
  it('carry a strict policy: scripts from our origin only, never framed, no sniffing, a referrer and a permissions policy', async () => {
    for (const path of ['/', '/chat?room=Forex', '/news/un-article']) {
      const answer = await fetch(`${server.url}${path}`);
      expect(answer.status).toBe(200);
      const csp = directives(answer.headers.get('content-security-policy'));
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      // The video players the sanitiser lets news articles embed, nothing else from elsewhere.
      expect(csp.get('frame-src')).toContain('https://www.youtube-nocookie.com');
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('permissions-policy')).toContain('microphone=(self)');
      expect(answer.headers.get('permissions-policy')).toContain('camera=()');
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('are HTTPS only in production', async () => {
    const answer = await fetch(`${production.url}/`);
    expect(answer.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
  });

  it('serve the built index without inline script', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
  });

  it('let the widgets be framed by the app only', async () => {
    const answer = await fetch(`${server.url}/content/widgets/boutique`);
    expect(directives(answer.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'self'"]);
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('allow the invoice page its one script by its hash, no inline handler', async () => {
    // A purchase of a fresh member gives an invoice.
    const billing = billingClient(server);
    const buyer = await newMember(server, `facture${Date.now().toString(36)}`);
    await billing.buy(buyer, CARDS.success);
    const [invoice] = await billing.invoices(buyer);
    const answer = await fetch(`${server.url}${invoice!.invoiceUrl}`, { headers: { authorization: `Bearer ${await billing.token(buyer)}` } });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('id="print"');
    expect(html).not.toMatch(/onclick=/);
    const hash = `'sha256-${createHash('sha256').update(INVOICE_SCRIPT).digest('base64')}'`;
    expect(directives(answer.headers.get('content-security-policy')).get('script-src')).toEqual(["'self'", hash]);
  });
});

describe('the development pages', () => {
  const pages = ['/content/dev/mailbox.json', '/content/dev/mailbox', '/content/local-idp/google', '/rest/local-pay/confirm?client_secret=x'];

  it('answer this machine', async () => {
    for (const path of pages) expect((await fetch(`${server.url}${path}`)).status, path).not.toBe(403);
  });

  it('refuse a request forwarded from elsewhere, even one claiming to be local', async () => {
    for (const forwarded of ['203.0.113.7', '127.0.0.1']) {
      for (const path of pages) {
        const answer = await fetch(`${server.url}${path}`, { headers: { 'x-forwarded-for': forwarded } });
        expect(answer.status, path).toBe(403);
        expect(await answer.json()).toEqual({ error: DEV_PAGE_REFUSED });
      }
      const post = await fetch(`${server.url}/rest/local-pay/run-renewals`, { method: 'POST', headers: { 'x-forwarded-for': forwarded, 'content-type': 'application/json' }, body: '{}' });
      expect(post.status).toBe(403);
    }
  });

  it('answer a staff member from elsewhere, and not a member', async () => {
    const staff = await fetch(`${server.url}/content/dev/mailbox.json`, { headers: { 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${await server.tokenOf('coach')}` } });
    expect(staff.status).toBe(200);
    const member = await fetch(`${server.url}/content/dev/mailbox.json`, { headers: { 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${await server.tokenOf('vip')}` } });
    expect(member.status).toBe(403);
  });

  it('are named at start-up in one line with how to turn them off', () => {
    expect(devPagesNotice({ mailboxPage: true, localPayments: true, google: undefined, stripe: undefined })).toBe(
      'Fournisseurs locaux actifs : boîte mail locale (/content/dev/mailbox), connexion Google locale, paiements locaux (cartes de test, PayPal et crypto locaux) — réservés à cette machine et au staff ; pour les couper : NODE_ENV=production, ou MAILBOX_PAGE=0 et LOCAL_PAYMENTS=0.',
    );
    expect(devPagesNotice({ mailboxPage: false, localPayments: false, google: undefined, stripe: undefined })).toBeNull();
  });
});

describe('a server failure', () => {
  it('answers a French message with a reference, never the SQL, the stack or a path', async () => {
    const broken = await startTestServer();
    const token = await broken.tokenOf('vip');
    // The database goes away under the server: every query fails.
    await broken.database.close();
    const answer = await broken.get('/rest/settings/affiliation', token);
    expect(answer.status).toBe(500);
    const body = (await answer.json()) as { error: string };
    expect(body.error).toMatch(/^Erreur lors de la requête \(référence [0-9a-f]{8}\)$/);
    expect(JSON.stringify(body)).not.toMatch(/select|insert|from "|at |\/work|node_modules|PGlite/i);
    const graphql = await broken.graphql('query { socials { id } }');
    expect(JSON.stringify(graphql)).not.toMatch(/select|from "|at |\/work|node_modules/i);
    await broken.app.close();
  });
});

describe('a malformed request', () => {
  it('is refused in French: broken JSON, an empty JSON body, an unknown content type, too large a body', async () => {
    const token = await server.tokenOf('vip');
    const post = (body: string, type: string) =>
      fetch(`${server.url}/rest/contact`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': type }, body });
    const cases: [Promise<Response>, number, string][] = [
      [post('{"subject":', 'application/json'), 400, 'Requête invalide : JSON mal formé'],
      [post('', 'application/json'), 400, 'Requête invalide : le corps JSON est vide'],
      [post('<a/>', 'application/x-inconnu'), 415, 'Type de contenu non pris en charge'],
      [post(JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }), 'application/json'), 413, 'Requête trop volumineuse'],
    ];
    for (const [answer, status, error] of cases) {
      const response = await answer;
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error });
    }
  });
});
