export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** A small French page of the server's own (local providers, invoices): escaped by the caller. */
export function htmlPage(title: string, body: string, options: { style?: string; script?: string; head?: string } = {}): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:1px solid #888;cursor:pointer;margin:.25rem .5rem .25rem 0}
button.primary{background:#0b5cff;color:#fff;border-color:#0b5cff}label{display:block;margin:.5rem 0}
input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}.note{color:#555}.error{color:#b00020}.ok{color:#0a7a2f}
${options.style ?? ''}</style>
${options.head ?? ''}
</head><body>
${body}
${options.script ? `<script>${options.script}</script>` : ''}
</body></html>`;
}

/** A value written into an inline script: JSON that cannot close the script element. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
