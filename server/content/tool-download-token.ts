import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed part of a tool download link (spec 3 §7 `GET {api}/tools/download/{toolId}/{fileIndex}/{token}`):
 * who asked for it, which file, until when. It is signed with a key derived from the server
 * secret for this purpose alone and has another shape than a session token (five parts, not a
 * JWT's three), so neither can ever pass for the other.
 */
export type ToolDownloadClaims = {
  memberId: number;
  toolId: number;
  fileIndex: number;
  /** Seconds since the epoch. */
  expiresAt: number;
};

/** Mixed into the key and into every signed string: a signature made for anything else never matches. */
const PURPOSE = 'comptoir:tool-download:v1';

/**
 * `member.tool.file.expiry.signature`: short enough for a path segment (Fastify's 100 characters),
 * the signature a full HMAC-SHA256 in base64url.
 */
const TOKEN_SHAPE = /^([1-9]\d{0,9})\.([1-9]\d{0,9})\.(\d{1,2})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/;

export function toolDownloadTokens(secret: string) {
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  const signatureOf = (claims: string): string => createHmac('sha256', key).update(`${PURPOSE}|${claims}`).digest('base64url');

  return {
    sign({ memberId, toolId, fileIndex, expiresAt }: ToolDownloadClaims): string {
      const claims = `${memberId}.${toolId}.${fileIndex}.${expiresAt}`;
      return `${claims}.${signatureOf(claims)}`;
    },

    /** The claims of a token this server signed for downloads, expired or not; null for anything else. */
    open(token: string): ToolDownloadClaims | null {
      const match = TOKEN_SHAPE.exec(token);
      if (!match) return null;
      const [, member = '', tool = '', file = '', expiry = '', signature = ''] = match;
      // Compared as text: a base64 string's spare low bits would let two spellings decode alike.
      const given = Buffer.from(signature);
      const expected = Buffer.from(signatureOf(`${member}.${tool}.${file}.${expiry}`));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { memberId: Number(member), toolId: Number(tool), fileIndex: Number(file), expiresAt: Number(expiry) };
    },
  };
}
export type ToolDownloadTokens = ReturnType<typeof toolDownloadTokens>;
