import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/open-database';
import { findUserById, type UserRow } from '../users/user-queries';

/** What a token carries: the user and the token version it was issued under. */
const tokenPayload = z.object({ id: z.number().int().positive(), v: z.number().int().min(0) });

/** The login cookie lives 90 days (spec 1 §9); the token does too. */
export const TOKEN_LIFETIME = '90d';

export function issueToken(app: FastifyInstance, user: Pick<UserRow, 'id' | 'tokenVersion'>): string {
  return app.jwt.sign({ id: user.id, v: user.tokenVersion }, { expiresIn: TOKEN_LIFETIME });
}

/** The user a token belongs to, or null when it is malformed, expired, revoked or unknown. */
export async function userFromToken(app: FastifyInstance, db: Database, token: string): Promise<UserRow | null> {
  let decoded: unknown;
  try {
    decoded = app.jwt.verify(token);
  } catch {
    return null;
  }
  const payload = tokenPayload.safeParse(decoded);
  if (!payload.success) return null;
  const user = await findUserById(db, payload.data.id);
  if (!user || user.tokenVersion !== payload.data.v) return null;
  return user;
}

/** When a token expires (milliseconds since the epoch), null when it carries no expiry it could be read by. */
export function tokenExpiry(app: FastifyInstance, token: string): number | null {
  const decoded: unknown = app.jwt.decode(token);
  const exp = typeof decoded === 'object' && decoded !== null && 'exp' in decoded ? decoded.exp : null;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** When the request's bearer token was issued (seconds since the epoch), null without a valid one. */
export function bearerIssuedAt(app: FastifyInstance, request: FastifyRequest): number | null {
  const token = bearerOf(request);
  if (!token) return null;
  try {
    const decoded: unknown = app.jwt.verify(token);
    const iat = typeof decoded === 'object' && decoded !== null && 'iat' in decoded ? decoded.iat : null;
    return typeof iat === 'number' ? iat : null;
  } catch {
    return null;
  }
}

export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in user of a request, or null (the route answers 401). */
export async function requestUser(app: FastifyInstance, db: Database, request: FastifyRequest): Promise<UserRow | null> {
  const token = bearerOf(request);
  return token ? userFromToken(app, db, token) : null;
}

/** The client's token cookie (`src/sync/token-cookie.ts`); browsers send it with `<img>` requests too. */
export const TOKEN_COOKIE = 'access_token';

export function cookieTokenOf(request: FastifyRequest): string | null {
  return cookieOf(request, TOKEN_COOKIE);
}

/** A cookie of the request by name, decoded; null when absent, empty or malformed. */
export function cookieOf(request: Pick<FastifyRequest, 'headers'>, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(eq + 1).trim()) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The member of a request the browser makes by itself (a `<video>`, an `<img>`, a download link):
 * the bearer header when there is one, else the token cookie.
 */
export async function browserRequestUser(app: FastifyInstance, db: Database, request: FastifyRequest): Promise<UserRow | null> {
  const token = bearerOf(request) ?? cookieTokenOf(request);
  return token ? userFromToken(app, db, token) : null;
}
