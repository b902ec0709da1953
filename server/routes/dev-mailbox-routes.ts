import { desc } from 'drizzle-orm';
import type { AccountServices } from '../accounts/account-services';
import { mailOutbox } from '../db/schema';
import { NOT_FOUND } from '../../src/contract/api-error';

const SHOWN = 200;

/**
 * `GET /content/dev/mailbox` (a page) and `/content/dev/mailbox.json` (for tests): the local mail
 * provider's e-mails, newest first. Off in production unless `MAILBOX_PAGE=1` (end-to-end runs).
 */
export function registerDevMailboxRoutes(services: Pick<AccountServices, 'app' | 'db' | 'mailboxPage'>): void {
  const { app, db } = services;
  const latest = () => db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(SHOWN);

  app.get('/content/dev/mailbox.json', async (_request, reply) => {
    if (!services.mailboxPage) return reply.code(404).send({ error: NOT_FOUND });
    const rows = await latest();
    return reply.send(
      rows.map((row) => ({ id: row.id, to: row.toEmail, subject: row.subject, text: row.text, createdAt: row.createdAt.toISOString() })),
    );
  });

  app.get('/content/dev/mailbox', async (_request, reply) => {
    if (!services.mailboxPage) return reply.code(404).send({ error: NOT_FOUND });
    const rows = await latest();
    const items = rows
      .map(
        (row) => `<article>
  <h2>${escapeHtml(row.subject)}</h2>
  <p class="meta">À ${escapeHtml(row.toEmail)} — ${row.createdAt.toISOString()}</p>
  <pre>${linkify(escapeHtml(row.text))}</pre>
</article>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Boîte mail locale — Comptoir</title>
<style>body{font-family:sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:6px;padding:0 1rem;margin:1rem 0}.meta{color:#666}pre{white-space:pre-wrap}</style>
</head><body><h1>Boîte mail locale</h1><p>Les e-mails envoyés par le serveur, du plus récent au plus ancien.</p>
${items || '<p>Aucun e-mail.</p>'}
</body></html>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Makes the links in an (already escaped) e-mail clickable. */
function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
