import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_TOOLS } from '../../server/content/demo-tools';
import { TOOL_FILES_DIR } from '../../server/content/tool-files';
import { toolDownloadTokens } from '../../server/content/tool-download-token';
import { users } from '../../server/db/schema';
import { escapeHtml } from '../../server/http/html-page';
import { PLANNING_SLOTS_QUERY } from '../../src/contract/graphql-documents';
import { TOOL_LINK_TTL_SECONDS, toolLinkResponse } from '../../src/contract/landing';
import { startTestServer, TEST_JWT_SECRET, type TestServer, sessionCache } from './test-server';

/*
 * Tool downloads (spec 3 §5, §7; issue 19 "Acceptance"): a VIP's signed link, bound to the member
 * and the file, expiring within minutes; every refusal a French page. The server's clock is ours
 * to move (`offset`) for the expiry.
 */

let server: TestServer;
let offset = 0;
beforeAll(async () => {
  server = await startTestServer({ app: { now: () => new Date(Date.now() + offset) } });
}, 60_000);
afterAll(() => server.close());

const VIP_REQUIRED = "Vous n'avez pas accès à cette page. Vous devez avoir un compte VIP";
const errorBody = z.object({ error: z.string() });
const tokenOf = sessionCache(() => server);
const memberId = async (username: string): Promise<number> => {
  const [row] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
};
const signer = toolDownloadTokens(TEST_JWT_SECRET);
const inFiveMinutes = () => Math.floor(Date.now() / 1000) + 300;
const bytesOf = (path: string) => readFileSync(join(TOOL_FILES_DIR, path));

const linkFor = async (who: string, toolId: number, fileIndex: number): Promise<string> => {
  const response = await server.post('/rest/tools/link', { toolId, fileIndex }, await tokenOf(who));
  expect(response.status).toBe(200);
  return toolLinkResponse.parse(await response.json()).url;
};

/** A GET as a browser follows a plain link: the session in the cookie, or none. */
const follow = (path: string, session?: string) => fetch(`${server.url}${path}`, { headers: session ? { cookie: `access_token=${encodeURIComponent(session)}` } : {} });

/** The path exactly as written, never normalised (fetch would resolve `..` before sending). */
const rawGet = (path: string): Promise<{ status: number; type: string; body: Buffer }> =>
  new Promise((resolve, reject) => {
    const { port, hostname } = new URL(server.url);
    const request = httpRequest({ host: hostname, port, path, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });

/** A refusal: the status, a French page (lang fr) with its title and a way back to the tools. */
async function expectRefusalPage(response: Response, status: number, title: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('content-disposition')).toBeNull();
  expect(response.headers.get('cache-control')).toBe('no-store');
  const html = await response.text();
  expect(html).toContain('<html lang="fr">');
  expect(html).toContain(`<title>${title}</title>`);
  expect(html).toContain(`<h1>${title}</h1>`);
  expect(html).toContain('<a href="/tools">Retour aux outils</a>');
  expect(html).not.toMatch(/<script|Error:|at \w+ \(/);
}

describe('POST /rest/tools/link', () => {
  it('gives a VIP a link to one file, valid for TOOL_LINK_TTL_SECONDS', async () => {
    const before = Date.now();
    const response = await server.post('/rest/tools/link', { toolId: 55, fileIndex: 1 }, await tokenOf('vip'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { url, expiresAt } = toolLinkResponse.parse(await response.json());
    expect(url).toMatch(/^\/rest\/tools\/download\/55\/1\/[A-Za-z0-9._-]+$/);
    const lifetime = Date.parse(expiresAt) - before;
    // Whole seconds, counted from the server's instant (somewhere in this request).
    expect(lifetime).toBeGreaterThan((TOOL_LINK_TTL_SECONDS - 1) * 1000);
    expect(lifetime).toBeLessThanOrEqual(TOOL_LINK_TTL_SECONDS * 1000 + (Date.now() - before));
  });

  it('needs a signed-in VIP: 401 signed out, the spec’s 403 for a member without VIP', async () => {
    expect((await server.post('/rest/tools/link', { toolId: 55, fileIndex: 0 })).status).toBe(401);
    const refused = await server.post('/rest/tools/link', { toolId: 55, fileIndex: 0 }, await tokenOf('membre'));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: VIP_REQUIRED });
  });

  it('answers 404 in French for an unknown tool or file', async () => {
    const vip = await tokenOf('vip');
    for (const [body, error] of [
      [{ toolId: 999, fileIndex: 0 }, 'Outil introuvable'],
      [{ toolId: 99_999_999_999, fileIndex: 0 }, 'Outil introuvable'],
      [{ toolId: 56, fileIndex: 1 }, 'Fichier introuvable'],
      [{ toolId: 55, fileIndex: 99 }, 'Fichier introuvable'],
    ] as const) {
      const response = await server.post('/rest/tools/link', body, vip);
      expect(response.status, JSON.stringify(body)).toBe(404);
      expect(await response.json()).toEqual({ error });
    }
  });

  it('refuses malformed input in French, never with a 500', async () => {
    const vip = await tokenOf('vip');
    for (const body of [{}, { toolId: 55 }, { toolId: '55', fileIndex: 0 }, { toolId: 0, fileIndex: 0 }, { toolId: 55, fileIndex: -1 }, { toolId: 55, fileIndex: 100 }, { toolId: 55.5, fileIndex: 0 }, null, [55, 0]]) {
      const response = await server.post('/rest/tools/link', body, vip);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(errorBody.parse(await response.json()).error).toMatch(/^Requête invalide|^Ce champs est requis/);
    }
    const notJson = await fetch(`${server.url}/rest/tools/link`, { method: 'POST', headers: { authorization: `Bearer ${vip}`, 'content-type': 'application/json' }, body: '{"toolId":' });
    expect(notJson.status).toBe(400);
    expect(errorBody.parse(await notJson.json()).error).toBe('Requête invalide : le contenu n’est pas du JSON valide');
  });
});

describe('GET /rest/tools/download/{toolId}/{fileIndex}/{token}', () => {
  it('sends a VIP exactly the file’s bytes, as an attachment with its name, by bearer or by cookie', async () => {
    const url = await linkFor('vip', 55, 1);
    const response = await server.get(url, await tokenOf('vip'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Guide du Carnet de Bord.pdf"; filename*=UTF-8''Guide%20du%20Carnet%20de%20Bord.pdf`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes).toEqual(bytesOf('guide-carnet-de-bord.pdf'));
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A plain link: the browser sends the session cookie only. The link may be followed again
    // while it lasts (a retried download).
    const byCookie = await follow(url, await tokenOf('vip'));
    expect(byCookie.status).toBe(200);
    expect(Buffer.from(await byCookie.arrayBuffer())).toEqual(bytes);
  });

  it('names a file with accents and apostrophes exactly, with an ASCII fallback', async () => {
    const response = await follow(await linkFor('vip', 58, 0), await tokenOf('vip'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Installation de l'indicateur.pdf"; filename*=UTF-8''Installation%20de%20l%E2%80%99indicateur.pdf`,
    );
    const csv = await follow(await linkFor('vip', 59, 0), await tokenOf('vip'));
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="Calendrier economique de la semaine.csv"; filename*=UTF-8''Calendrier%20%C3%A9conomique%20de%20la%20semaine.csv`,
    );
  });

  it('serves every file of the eight demo tools to a VIP, byte for byte', async () => {
    expect(DEMO_TOOLS).toHaveLength(8);
    for (const tool of DEMO_TOOLS) {
      expect(tool.files.length, tool.name).toBeGreaterThan(0);
      for (const [index, file] of tool.files.entries()) {
        const response = await follow(await linkFor('live', tool.id, index), await tokenOf('live'));
        expect(response.status, file.name).toBe(200);
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(bytes.length, file.name).toBeGreaterThan(200);
        expect(bytes, file.name).toEqual(bytesOf(file.path));
        expect(response.headers.get('content-disposition'), file.name).toContain(`filename*=UTF-8''${encodeURIComponent(file.name).replace(/'/g, '%27')}`);
      }
    }
  });

  it('refuses a signed-out browser, and another member’s session (a shared link)', async () => {
    const url = await linkFor('vip', 55, 0);
    await expectRefusalPage(await follow(url), 401, 'Connexion requise');
    // B, a VIP too, follows A's link: by cookie and by bearer.
    await expectRefusalPage(await follow(url, await tokenOf('live')), 403, 'Lien réservé à un autre compte');
    await expectRefusalPage(await server.get(url, await tokenOf('live')), 403, 'Lien réservé à un autre compte');
    await expectRefusalPage(await follow(url, await tokenOf('membre')), 403, 'Lien réservé à un autre compte');
  });

  it('refuses a member who is not VIP (now), with the spec’s words and the way to become one', async () => {
    // No server gives a non-VIP a link: this one is forged with the server's own secret.
    const token = signer.sign({ memberId: await memberId('membre'), toolId: 55, fileIndex: 0, expiresAt: inFiveMinutes() });
    const response = await follow(`/rest/tools/download/55/0/${token}`, await tokenOf('membre'));
    expect(response.status).toBe(403);
    const html = await response.clone().text();
    expect(html).toContain(escapeHtml(VIP_REQUIRED));
    expect(html).toContain('<a href="/profil/abonnements">Devenir VIP</a>');
    await expectRefusalPage(response, 403, 'Accès réservé aux membres VIP');
  });

  it('refuses an expired link with 410 (the clock moved past it, or signed already expired)', async () => {
    const url = await linkFor('vip', 56, 0);
    expect((await follow(url, await tokenOf('vip'))).status).toBe(200);
    offset = (TOOL_LINK_TTL_SECONDS + 1) * 1000;
    try {
      await expectRefusalPage(await follow(url, await tokenOf('vip')), 410, 'Lien de téléchargement expiré');
    } finally {
      offset = 0;
    }
    const past = signer.sign({ memberId: await memberId('vip'), toolId: 56, fileIndex: 0, expiresAt: Math.floor(Date.now() / 1000) - 1 });
    await expectRefusalPage(await follow(`/rest/tools/download/56/0/${past}`, await tokenOf('vip')), 410, 'Lien de téléchargement expiré');
  });

  it('refuses an altered link: its signature, its claims, another file or tool in the path, another secret', async () => {
    const vip = await tokenOf('vip');
    const url = await linkFor('vip', 55, 0);
    const token = url.split('/').pop()!;
    const [member, tool, file, expiry, signature] = token.split('.') as [string, string, string, string, string];
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const altered = [
      `/rest/tools/download/55/0/${member}.${tool}.${file}.${expiry}.${signature.slice(0, -1)}${flip(signature.at(-1)!)}`,
      `/rest/tools/download/55/0/${member}.${tool}.${file}.${expiry}.${flip(signature[0]!)}${signature.slice(1)}`,
      // A later expiry or another member, the signature kept.
      `/rest/tools/download/55/0/${member}.${tool}.${file}.${Number(expiry) + 3600}.${signature}`,
      `/rest/tools/download/55/0/${await memberId('live')}.${tool}.${file}.${expiry}.${signature}`,
      // The same token on another file of the tool, or on another tool.
      `/rest/tools/download/55/1/${token}`,
      `/rest/tools/download/56/0/${token}`,
      `/rest/tools/download/55/1/${member}.${tool}.1.${expiry}.${signature}`,
      // Signed with another secret.
      `/rest/tools/download/55/0/${toolDownloadTokens('un-autre-secret'.padEnd(48, 'y')).sign({ memberId: Number(member), toolId: 55, fileIndex: 0, expiresAt: Number(expiry) })}`,
    ];
    for (const path of altered) await expectRefusalPage(await follow(path, vip), 403, 'Lien de téléchargement invalide');
    expect((await follow(url, vip)).status).toBe(200);
  });

  it('answers 404 for a tool or file that no longer exists behind a valid link', async () => {
    const vip = await memberId('vip');
    for (const [toolId, fileIndex] of [
      [999, 0],
      [56, 3],
    ] as const) {
      const token = signer.sign({ memberId: vip, toolId, fileIndex, expiresAt: inFiveMinutes() });
      await expectRefusalPage(await follow(`/rest/tools/download/${toolId}/${fileIndex}/${token}`, await tokenOf('vip')), 404, 'Fichier introuvable');
    }
  });

  it('answers 400 for a malformed address, NUL bytes and bad encodings included', async () => {
    const vip = await tokenOf('vip');
    const token = (await linkFor('vip', 55, 0)).split('/').pop()!;
    for (const path of [
      `/rest/tools/download/abc/0/${token}`,
      `/rest/tools/download/0/0/${token}`,
      `/rest/tools/download/55/-1/${token}`,
      `/rest/tools/download/55/100/${token}`,
      `/rest/tools/download/99999999999/0/${token}`,
      `/rest/tools/download/55/0/${token}%00`,
      `/rest/tools/download/55%00/0/${token}`,
      `/rest/tools/download/55/0/%zz`,
      `/rest/tools/download/55/0/${'x'.repeat(150)}`,
      `/rest/tools/download/55/0`,
      `/rest/tools/download/55/0/${token}/encore`,
    ]) {
      await expectRefusalPage(await follow(path, vip), 400, 'Lien de téléchargement invalide');
    }
  });
});

describe('download tokens and session tokens never stand for each other', () => {
  it('refuses a session token used as a download token', async () => {
    const session = await tokenOf('vip');
    // A JWT is longer than a path segment may be (Fastify's 100 characters): refused as malformed.
    expect(session.length).toBeGreaterThan(100);
    await expectRefusalPage(await follow(`/rest/tools/download/55/0/${session}`, session), 400, 'Lien de téléchargement invalide');
    // The handler's own check, past the router: a JWT's shape is no download token.
    const [header, payload, signature] = session.split('.') as [string, string, string];
    expect(signer.open(session)).toBeNull();
    expect(signer.open(`${header}.${payload}.${signature}.x.y`)).toBeNull();
  });

  it('refuses a download token used as a session: bearer, cookie or GraphQL', async () => {
    const url = await linkFor('vip', 55, 0);
    const download = url.split('/').pop()!;
    expect((await server.get('/content/api/platform-tools', download)).status).toBe(401);
    expect((await server.post('/rest/tools/link', { toolId: 55, fileIndex: 0 }, download)).status).toBe(401);
    expect((await server.get('/rest/users/me', download)).status).toBe(401);
    await expectRefusalPage(await follow(url, download), 401, 'Connexion requise');
    const coach = await memberId('coach');
    const coachDownload = signer.sign({ memberId: coach, toolId: 55, fileIndex: 0, expiresAt: inFiveMinutes() });
    const answer = await server.graphql(PLANNING_SLOTS_QUERY, {}, coachDownload);
    expect(answer.errors?.[0]?.message).toBe('Accès refusé');
    expect((await server.graphql(PLANNING_SLOTS_QUERY, {}, await tokenOf('coach'))).errors).toBeUndefined();
  });
});

describe('paid files are never reachable by a plain path', () => {
  it('answers none of their bytes on the static, media, API or traversal paths', async () => {
    const files = DEMO_TOOLS.flatMap((tool) => tool.files.map((file) => file.path));
    for (const path of files) {
      const secret = bytesOf(path);
      const attempts = [
        `/${path}`,
        `/tool-files/${path}`,
        `/server/tool-files/${path}`,
        `/tools/${path}`,
        `/assets/${path}`,
        `/assets/../server/tool-files/${path}`,
        `/assets/%2e%2e/%2e%2e/server/tool-files/${path}`,
        `/..%2fserver%2ftool-files%2f${path}`,
        `/content/api/article-media/${path}`,
        `/content/api/article-media/..%2f..%2ftool-files%2f${path}`,
        `/content/api/article-media/..%252f..%252ftool-files%252f${path}`,
        `/rest/tools/download/55/0/..%2f..%2f..%2fserver%2ftool-files%2f${path}`,
        `/rest/tools/download/55/0/../../../server/tool-files/${path}`,
        `/uploads/../server/tool-files/${path}`,
      ];
      for (const attempt of attempts) {
        const answer = await rawGet(attempt);
        expect(answer.status, attempt).toBeLessThan(500);
        expect(answer.body.includes(secret), attempt).toBe(false);
        expect(answer.type, attempt).not.toMatch(/pdf|csv/);
      }
    }
  });
});
