import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** What the app's pages load from elsewhere, by what the server is configured with. */
export type ThirdParties = {
  /** Stripe's card field (js.stripe.com, its frames and API). */
  stripe: boolean;
  /** PayPal's buttons (www.paypal.com and its frames). */
  paypal: boolean;
  /** Google's reCAPTCHA on the registration pages. */
  recaptcha: boolean;
  /** Origins the shop and the review widget are framed from when they are not ours (SHOP_URL, REVIEW_WIDGET_URL). */
  framed: readonly string[];
  /** HTTPS only (Strict-Transport-Security): production. */
  production: boolean;
};

/** The video players news articles may embed (the sanitiser's allow-list, src/domain/html-policy.ts). */
const VIDEO_PLAYERS = ['https://www.youtube.com', 'https://youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://www.dailymotion.com'];

const STRIPE = { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] };
const PAYPAL = {
  script: ['https://www.paypal.com', 'https://www.paypalobjects.com'],
  frame: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  connect: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
};
const RECAPTCHA = { script: ['https://www.google.com', 'https://www.gstatic.com'], frame: ['https://www.google.com', 'https://recaptcha.google.com'] };

/**
 * The Content-Security-Policy of the app's pages: scripts from our origin only (no inline script,
 * no eval), the payment and captcha SDKs' origins only when they are configured, frames only from
 * the video players and what the app frames, never framed itself. Styles may be inline: the
 * libraries insert theirs (the toasts, the virtual lists), and a style cannot run code.
 */
export function appPolicy(third: ThirdParties): Record<string, string[]> {
  const script = ["'self'", ...(third.stripe ? STRIPE.script : []), ...(third.paypal ? PAYPAL.script : []), ...(third.recaptcha ? RECAPTCHA.script : [])];
  const frame = [
    "'self'",
    ...VIDEO_PLAYERS,
    ...(third.stripe ? STRIPE.frame : []),
    ...(third.paypal ? PAYPAL.frame : []),
    ...(third.recaptcha ? RECAPTCHA.frame : []),
    ...third.framed,
  ];
  return {
    'default-src': ["'self'"],
    'script-src': script,
    'style-src': ["'self'", "'unsafe-inline'"],
    // Team content may show pictures and media from https hosts; uploads and voice notes are blobs.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    // 'self' covers the socket.io and graphql-ws WebSockets of the same host.
    'connect-src': ["'self'", ...(third.stripe ? STRIPE.connect : []), ...(third.paypal ? PAYPAL.connect : [])],
    'frame-src': [...new Set(frame)],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export const serialisePolicy = (directives: Record<string, readonly string[]>): string =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

/**
 * The headers of a page the server writes itself (local providers, invoices, downloads): its one
 * inline script allowed by its hash and nothing else inline, Stripe's script only where the page
 * loads it, and framed by the app only (the local card confirmation opens in the app's frame).
 */
export function pageHeaders(options: { script?: string; stripe?: boolean } = {}): Record<string, string> {
  const hash = options.script ? [`'sha256-${createHash('sha256').update(options.script).digest('base64')}'`] : [];
  const stripe = options.stripe ? STRIPE : { script: [], frame: [], connect: [] };
  const policy = serialisePolicy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...stripe.script, ...hash],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...stripe.connect],
    'frame-src': stripe.frame.length > 0 ? stripe.frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  });
  return { 'Content-Security-Policy': policy, 'X-Frame-Options': 'SAMEORIGIN' };
}

/** Microphone for our origin only (voice notes), nothing else the app does not use. */
export const PERMISSIONS_POLICY = 'microphone=(self), camera=(), geolocation=(), usb=(), payment=(self), interest-cohort=()';

/**
 * Security headers on every answer (helmet): the CSP above (a route may set its own, as the
 * widgets do for `frame-ancestors 'self'`), no MIME sniffing, Referrer-Policy, a same-origin opener
 * that keeps the payment popups' messages, Permissions-Policy, and HSTS in production.
 */
export async function registerSecurityHeaders(app: FastifyInstance, third: ThirdParties): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appPolicy(third) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: third.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
}
