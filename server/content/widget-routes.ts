import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SiteLinks } from '../../src/contract/landing';
import { escapeHtml, htmlPage } from '../http/html-page';
import { WIDGET_PATHS } from './site-links';

/*
 * The demo shop and review widget (spec 3 §2 "Shop", "Review page"): what SHOP_URL and
 * REVIEW_WIDGET_URL point to by default, so `/shop` and `/profil/avis` work offline. Static French
 * pages, no script; only our own app may frame them.
 */

type Product = { slug: string; name: string; text: string; price: number; colour: string; icon: string };

const SHIRT = '<path d="M22 14l10-6h16l10 6 8 12-10 6-4-5v33H28V27l-4 5-10-6z"/>';
const PRODUCTS: readonly Product[] = [
  { slug: 't-shirt-patience', name: 'T-shirt « Patience & Discipline »', text: 'Coton bio, coupe droite, du S au XXL.', price: 29, colour: '#0f766e', icon: SHIRT },
  {
    slug: 'mug-stop-place',
    name: 'Mug « Stop placé, esprit libre »',
    text: 'Céramique, 33 cl, passe au lave-vaisselle.',
    price: 14.9,
    colour: '#1d4ed8',
    icon: '<path d="M20 18h32v38a6 6 0 0 1-6 6H26a6 6 0 0 1-6-6z"/><path d="M52 26h6a8 8 0 0 1 0 16h-6" fill="none" stroke="#fff" stroke-width="5"/>',
  },
  {
    slug: 'casquette-comptoir',
    name: 'Casquette Comptoir',
    text: 'Brodée, réglable, bleu nuit.',
    price: 24,
    colour: '#7e22ce',
    icon: '<path d="M14 46a26 22 0 0 1 52 0z"/><path d="M40 46h30v6H40z"/>',
  },
  {
    slug: 'carnet-papier',
    name: 'Carnet de trading papier',
    text: '120 pages : une page par trade, un bilan par semaine.',
    price: 19.9,
    colour: '#b45309',
    icon: '<rect x="22" y="12" width="36" height="52" rx="4"/><path d="M30 24h20M30 34h20M30 44h14" stroke="#000" stroke-opacity=".35" stroke-width="4"/>',
  },
  { slug: 'sweat-comptoir', name: 'Sweat à capuche Comptoir', text: 'Molleton gratté, logo brodé au cœur.', price: 49, colour: '#334155', icon: SHIRT },
  {
    slug: 'tapis-chandeliers',
    name: 'Tapis de souris XXL « Chandeliers »',
    text: '90 × 40 cm, base antidérapante.',
    price: 22,
    colour: '#be123c',
    icon: '<rect x="10" y="22" width="60" height="36" rx="4"/><path d="M26 30v20M40 26v16M54 34v18" stroke="#000" stroke-opacity=".35" stroke-width="6"/>',
  },
];

type Review = { author: string; date: string; stars: number; text: string };

const REVIEWS: readonly Review[] = [
  { author: 'Léa M.', date: '12 mai 2026', stars: 5, text: 'Les lives du matin ont changé ma façon de préparer mes journées. Des coachs qui montrent aussi leurs pertes, c’est rare.' },
  { author: 'Karim B.', date: '3 mai 2026', stars: 5, text: 'La formation sur la gestion du risque vaut à elle seule l’abonnement. Communauté très bienveillante.' },
  { author: 'Victor P.', date: '21 avril 2026', stars: 4, text: 'Beaucoup de contenu et des replays bien rangés. J’aimerais plus de lives le soir.' },
  { author: 'Sandrine L.', date: '9 avril 2026', stars: 5, text: 'Je partais de zéro : les ateliers du mercredi et le Carnet de Bord m’ont donné une vraie méthode.' },
];

/** Share of the reviews per number of stars, 5 to 1 (326 reviews, 4,8/5 on average). */
const DISTRIBUTION = [84, 12, 3, 1, 0] as const;
const REVIEW_COUNT = 326;
const AVERAGE = '4,8';

/** Framable by our own app only; nothing loaded, nothing run. */
const WIDGET_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
  'X-Content-Type-Options': 'nosniff',
  // Framed by the app only (the app's own pages are never framed: DENY).
  'X-Frame-Options': 'SAMEORIGIN',
  'Cache-Control': 'no-cache',
} as const;

const WIDGET_STYLE = `body{max-width:60rem;margin:0 auto;padding:1rem;background:#fff;color:#1d1d1f;line-height:1.45}
h1{font-size:1.5rem;margin:.25rem 0 .5rem}h2{font-size:1.1rem;margin:0 0 .25rem}
a{color:#0a4fd6}a:focus-visible{outline:3px solid #0a4fd6;outline-offset:2px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1rem;padding:0;list-style:none}
.card{border:1px solid #d0d4dc;border-radius:10px;padding:1rem;display:flex;flex-direction:column;gap:.5rem}.card h2,.card p{margin:0}
.tile{border-radius:8px;display:flex;justify-content:center;padding:.75rem}.tile svg{width:5rem;height:5rem;fill:#fff}
.price{font-size:1.2rem;font-weight:700;margin:0}.note{color:#4b5563}
.button{display:inline-block;margin-top:auto;text-align:center;background:#0a4fd6;color:#fff;text-decoration:none;padding:.6rem 1rem;border-radius:6px;font-weight:600}
.stars{color:#b45309;letter-spacing:.1em}.summary{display:flex;flex-wrap:wrap;gap:1.5rem;align-items:center;margin-bottom:1.5rem}.summary p{margin:.25rem 0}
.score{font-size:2.5rem;font-weight:800;margin:0}.bars{list-style:none;padding:0;margin:0;min-width:14rem;flex:1}
.bars li{display:grid;grid-template-columns:4.5rem 1fr 2.5rem;white-space:nowrap;gap:.5rem;align-items:center;font-size:.9rem}
.bar{height:.5rem;background:#e5e7eb;border-radius:4px;overflow:hidden}.bar span{display:block;height:100%;background:#b45309}
.reviews{list-style:none;padding:0}.reviews li{border-top:1px solid #e5e7eb;padding:.75rem 0}.reviews p{margin:.25rem 0}`;

export function registerWidgetRoutes(app: FastifyInstance, siteLinks: SiteLinks): void {
  app.get(WIDGET_PATHS.shop, async (_request, reply) => {
    const cards = PRODUCTS.map(
      (p) => `<li class="card"><div class="tile" style="background:${p.colour}" aria-hidden="true"><svg viewBox="0 0 80 80">${p.icon}</svg></div>
<h2>${escapeHtml(p.name)}</h2><p class="note">${escapeHtml(p.text)}</p><p class="price">${euros(p.price)}</p>
<a class="button" href="${WIDGET_PATHS.shop}/commande/${p.slug}" aria-label="Commander : ${escapeHtml(p.name)}">Commander</a></li>`,
    );
    const body = `<main><h1>La boutique Comptoir</h1><p class="note">Vêtements et accessoires pour traders, expédiés sous 48 h en France métropolitaine.</p><ul class="grid">${cards.join('')}</ul></main>`;
    return widget(reply, 'La boutique Comptoir', body);
  });

  app.get<{ Params: { slug: string } }>(`${WIDGET_PATHS.shop}/commande/:slug`, async (request, reply) => {
    const product = PRODUCTS.find((p) => p.slug === request.params.slug);
    if (!product) return widget(reply, 'Article introuvable', `<main><h1>Article introuvable</h1><p><a href="${WIDGET_PATHS.shop}">Retour à la boutique</a></p></main>`, 404);
    const body = `<main><h1>Commande : ${escapeHtml(product.name)}</h1><p class="price">${euros(product.price)}</p>
<p>Cette boutique est une démonstration : aucune commande n’est passée et aucun paiement n’est demandé.</p>
<p><a href="${WIDGET_PATHS.shop}">Retour à la boutique</a></p></main>`;
    return widget(reply, `Commande : ${product.name}`, body);
  });

  app.get(WIDGET_PATHS.review, async (_request, reply) => {
    const bars = DISTRIBUTION.map(
      (share, i) =>
        `<li><span>${5 - i} étoile${5 - i > 1 ? 's' : ''}</span><span class="bar" aria-hidden="true"><span style="width:${share}%"></span></span><span>${share} %</span></li>`,
    );
    const reviews = REVIEWS.map(
      (r) => `<li><p><strong>${escapeHtml(r.author)}</strong> · <span class="note">${escapeHtml(r.date)}</span></p>
<p class="stars" role="img" aria-label="Note : ${r.stars} sur 5">${'★'.repeat(r.stars)}${'☆'.repeat(5 - r.stars)}</p><p>${escapeHtml(r.text)}</p></li>`,
    );
    const body = `<main><h1>Avis des membres</h1>
<div class="summary"><div><p class="score">${AVERAGE}/5</p><p class="stars" role="img" aria-label="Note moyenne : ${AVERAGE} sur 5">★★★★★</p><p class="note">Sur ${REVIEW_COUNT} avis vérifiés</p></div>
<ul class="bars" aria-label="Répartition des notes">${bars.join('')}</ul></div>
<h2>Les derniers avis</h2><ul class="reviews">${reviews.join('')}</ul>
<p><a class="button" href="${escapeHtml(siteLinks.reviewUrl)}" target="_blank" rel="noopener noreferrer">Écrire un avis</a></p></main>`;
    return widget(reply, 'Avis des membres', body);
  });

  app.get(WIDGET_PATHS.writeReview, async (_request, reply) => {
    const body = `<main><h1>Écrire un avis</h1><p>Merci de prendre le temps de partager votre expérience de Comptoir : vos avis aident les futurs membres et nous font progresser.</p>
<p>Racontez-nous ce qui vous a aidé, ce qui vous manque, et ce que vous changeriez. Votre avis est relu par l’équipe avant d’être publié.</p>
<p><a href="/contact">Écrire à l’équipe</a> · <a href="${WIDGET_PATHS.review}">Voir les avis</a></p></main>`;
    return widget(reply, 'Écrire un avis', body);
  });
}

function widget(reply: FastifyReply, title: string, body: string, status = 200): FastifyReply {
  return reply.code(status).headers(WIDGET_HEADERS).send(htmlPage(title, body, { style: WIDGET_STYLE }));
}

const euros = (price: number): string => `${price.toFixed(2).replace('.', ',')}\u00a0€`;
