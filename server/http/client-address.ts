import type { IncomingMessage } from 'node:http';
import proxyaddr from '@fastify/proxy-addr';

/**
 * Which peers' `X-Forwarded-For` is believed (`TRUST_PROXY`): none (false), any (true), so many
 * hops (a number), or the addresses and ranges of the balancers (`loopback`, `uniquelocal`, CIDRs).
 * Believed from anyone, a member could name any address and escape every per-address throttle.
 */
export type TrustProxy = boolean | number | string[];

/** `TRUST_PROXY` as written: 'true', 'false', a hop count, or a comma-separated list. */
export function parseTrustProxy(text: string): TrustProxy {
  const value = text.trim();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim()).filter((part) => part.length > 0);
}

/** Whether the hop at `index` (0: the connection's own peer) at `address` is a trusted proxy — fastify's own reading. */
export function trustFunction(trust: TrustProxy): (address: string, index: number) => boolean {
  if (typeof trust === 'boolean') return () => trust;
  if (typeof trust === 'number') return (_address, index) => index < trust;
  return proxyaddr.compile(trust);
}

/** The client's address as fastify's `request.ip` gives it, for a raw request (a socket's handshake, a WebSocket upgrade). */
export const clientAddress = (request: IncomingMessage, trust: (address: string, index: number) => boolean): string => proxyaddr(request, trust);
