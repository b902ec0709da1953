import { createReadStream } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { TOOL_LINK_TTL_SECONDS, toolLinkInput, type ToolLinkInput } from '../../src/contract/landing';
import { browserRequestUser, requestUser } from '../auth/tokens';
import type { Database } from '../db/open-database';
import { tools } from '../db/schema';
import { escapeHtml, htmlPage } from '../http/html-page';
import { frenchBodyErrors, invalidBody } from '../routes/invalid-body';
import { CONTENT_ERRORS, MAX_ID, refuse } from './content-errors';
import { TOOL_FILES_DIR, toolFileAt, toolFileType } from './tool-files';
import { toolDownloadTokens } from './tool-download-token';
import { isVip } from './vip-access';

export const TOOL_DOWNLOAD_ROUTE = '/rest/tools/download';
export const toolDownloadPath = (toolId: number, fileIndex: number, token: string): string => `${TOOL_DOWNLOAD_ROUTE}/${toolId}/${fileIndex}/${token}`;

const downloadParams = z.object({
  toolId: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.number().max(MAX_ID)),
  fileIndex: z.string().regex(/^\d{1,2}$/).transform(Number),
  token: z.string().regex(/^[A-Za-z0-9_.-]{1,500}$/),
});

/**
 * Tool downloads (spec 3 §5, §7: VIP only). `POST /rest/tools/link` gives a VIP the signed address
 * of one file, bound to them and to that file for TOOL_LINK_TTL_SECONDS; the address is a plain
 * link the browser follows with the session cookie, checked again when followed: signature, file,
 * expiry, the same member, still VIP. Every refusal is a small French page, never JSON or a stack.
 */
export function registerToolDownloadRoutes(app: FastifyInstance, db: Database, options: { secret: string; now: () => Date; filesDir?: string }): void {
  const tokens = toolDownloadTokens(options.secret);
  const filesDir = options.filesDir ?? TOOL_FILES_DIR;

  /** A tool's files, or null for an unknown tool. */
  async function filesOf(toolId: number): Promise<{ name: string; path: string }[] | null> {
    const [tool] = await db.select({ files: tools.files }).from(tools).where(eq(tools.id, toolId)).limit(1);
    return tool?.files ?? null;
  }

  app.post('/rest/tools/link', { errorHandler: frenchBodyErrors }, async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return refuse(reply, 'unauthorized');
    const input = toolLinkInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: invalidBody(input.error) });
    const now = options.now();
    if (!(await isVip(db, user, now))) return refuse(reply, 'vipRequired');
    const { toolId, fileIndex }: ToolLinkInput = input.data;
    if (toolId > MAX_ID) return refuse(reply, 'unknownTool');
    const files = await filesOf(toolId);
    if (!files) return refuse(reply, 'unknownTool');
    if (!files[fileIndex]) return refuse(reply, 'unknownToolFile');
    const expiresAt = Math.floor(now.getTime() / 1000) + TOOL_LINK_TTL_SECONDS;
    const token = tokens.sign({ memberId: user.id, toolId, fileIndex, expiresAt });
    return reply.header('Cache-Control', 'no-store').send({ url: toolDownloadPath(toolId, fileIndex, token), expiresAt: new Date(expiresAt * 1000).toISOString() });
  });

  app.get(`${TOOL_DOWNLOAD_ROUTE}/:toolId/:fileIndex/:token`, async (request, reply) => {
    const params = downloadParams.safeParse(request.params);
    if (!params.success) return refusalPage(reply, 'malformed');
    const { toolId, fileIndex, token } = params.data;
    const claims = tokens.open(token);
    if (!claims || claims.toolId !== toolId || claims.fileIndex !== fileIndex) return refusalPage(reply, 'invalid');
    const now = options.now();
    if (claims.expiresAt * 1000 <= now.getTime()) return refusalPage(reply, 'expired');
    const user = await browserRequestUser(app, db, request);
    if (!user) return refusalPage(reply, 'signedOut');
    if (user.id !== claims.memberId) return refusalPage(reply, 'otherMember');
    if (!(await isVip(db, user, now))) return refusalPage(reply, 'vipRequired');
    const file = (await filesOf(toolId))?.[fileIndex];
    const found = file ? await toolFileAt(filesDir, file.path) : null;
    if (!file || !found) return refusalPage(reply, 'unknown');
    return reply
      .header('Content-Type', toolFileType(file.name))
      .header('Content-Length', found.size)
      .header('Content-Disposition', attachment(file.name))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(createReadStream(found.absolute));
  });

  // A link with a part missing or one too many is a malformed link, not an unknown API path.
  app.get(`${TOOL_DOWNLOAD_ROUTE}/*`, async (_request, reply) => refusalPage(reply, 'malformed'));
}

/** `attachment` with an ASCII name for old clients and the exact UTF-8 name (RFC 6266, RFC 8187). */
export function attachment(name: string): string {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[’‘]/g, "'")
      .replace(/[^\x20-\x7e]|["\\]/g, '_') || 'fichier';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export type Refusal = 'malformed' | 'invalid' | 'expired' | 'signedOut' | 'otherMember' | 'vipRequired' | 'unknown';

const ASK_AGAIN = 'Demandez un nouveau lien depuis la page de l’outil.';

/** The refusals of a download link: status, title and explanation (the VIP one is spec 3 §8's). */
const REFUSALS: Record<Refusal, { status: number; title: string; text: string; link?: { href: string; label: string } }> = {
  malformed: { status: 400, title: 'Lien de téléchargement invalide', text: `Cette adresse de téléchargement est incomplète ou mal formée. ${ASK_AGAIN}` },
  invalid: { status: 403, title: 'Lien de téléchargement invalide', text: `Ce lien de téléchargement n’est pas valide pour ce fichier : il a peut-être été modifié. ${ASK_AGAIN}` },
  expired: {
    status: 410,
    title: 'Lien de téléchargement expiré',
    text: `Un lien de téléchargement n’est valable que ${TOOL_LINK_TTL_SECONDS / 60} minutes. ${ASK_AGAIN}`,
  },
  signedOut: { status: 401, title: 'Connexion requise', text: `Connectez-vous pour télécharger ce fichier. ${ASK_AGAIN}`, link: { href: '/', label: 'Se connecter' } },
  otherMember: {
    status: 403,
    title: 'Lien réservé à un autre compte',
    text: `Ce lien de téléchargement a été créé pour un autre membre : il ne peut pas être partagé. ${ASK_AGAIN}`,
  },
  vipRequired: { status: 403, title: 'Accès réservé aux membres VIP', text: CONTENT_ERRORS.vipRequired.error, link: { href: '/profil/abonnements', label: 'Devenir VIP' } },
  unknown: { status: 404, title: 'Fichier introuvable', text: 'Ce fichier n’existe plus ou l’outil a été retiré de la boîte à outils.' },
};

/** The small French page that answers a refused download link. */
export function refusalPage(reply: FastifyReply, refusal: Refusal): FastifyReply {
  const { status, title, text, link } = REFUSALS[refusal];
  const links = [...(link ? [link] : []), { href: '/tools', label: 'Retour aux outils' }];
  const body = `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p>${links.map((l) => `<a href="${l.href}">${escapeHtml(l.label)}</a>`).join(' · ')}</p></main>`;
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
    .send(htmlPage(title, body, { style: 'h1{font-size:1.6rem}' }));
}
