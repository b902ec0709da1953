import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PushSubscriptionJson } from '../../src/contract/account';

/** One request a push service received: its path, headers and (encrypted) body. */
export type ReceivedPush = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

/**
 * A local push service for the tests: a real HTTPS server (self-signed certificate for 127.0.0.1,
 * made with openssl) that records every message and answers 201, or the status set for a path.
 * `agent` trusts its certificate.
 */
export async function startPushService() {
  const dir = mkdtempSync(join(tmpdir(), 'comptoir-push-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
    { stdio: 'ignore' },
  );
  const key = readFileSync(join(dir, 'key.pem'));
  const cert = readFileSync(join(dir, 'cert.pem'));
  rmSync(dir, { recursive: true, force: true });

  const received: ReceivedPush[] = [];
  const statusFor = new Map<string, number>();
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statusFor.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;
  return {
    origin,
    agent: new Agent({ ca: cert }),
    received,
    /** Answers `status` to every later message sent to `path`. */
    answer(path: string, status: number) {
      statusFor.set(path, status);
    },
    /** The messages to `path`, waiting up to `ms` for at least `count` of them. */
    async messagesTo(path: string, count = 1, ms = 5_000): Promise<ReceivedPush[]> {
      const until = Date.now() + ms;
      for (;;) {
        const found = received.filter((push) => push.path === path);
        if (found.length >= count || Date.now() > until) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;

/** A browser's side of a subscription: its P-256 key pair and auth secret, as `PushSubscription.toJSON()` gives them. */
export function browserSubscription(endpoint: string): { subscription: PushSubscriptionJson; ecdh: ECDH; auth: Buffer } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
  };
}

/** What the browser does with a message: RFC 8291 (aes128gcm) decryption with its keys. */
export function decryptPush(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

/**
 * What the push service checks (RFC 8292): the `vapid t=<JWT>, k=<public key>` header, a JWT signed
 * with ES256 by that key for the service's origin. Returns the JWT's claims.
 */
export function verifyVapid(authorization: string | undefined, publicKey: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`en-tête VAPID inattendu : ${authorization}`);
  const [, jwt = '', key = ''] = match;
  if (key !== publicKey) throw new Error('clé VAPID inattendue');
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKeyObject = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKeyObject, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('signature VAPID invalide');
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
}
