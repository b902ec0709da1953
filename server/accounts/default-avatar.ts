import { createHash, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Picture } from '../../src/contract/user';
import type { Database } from '../db/open-database';
import { uploads, users } from '../db/schema';

export const AVATAR_SIZE = 128;

/** Where a stored file (upload or avatar) is read back; other members may read a profile picture. */
export const fileUrl = (id: string): string => `/rest/upload/files/${id}`;

/**
 * The avatar a new member gets (spec 1 §4 used an outside generator; ours is local): the initials on
 * a colour derived from the pseudo, as an SVG with no script and no outside reference.
 */
export function avatarSvg(username: string, firstName: string): string {
  const digest = createHash('sha256').update(username.toLowerCase()).digest();
  const hue = ((digest[0] ?? 0) * 256 + (digest[1] ?? 0)) % 360;
  const initials = initialsOf(firstName || username);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 ${AVATAR_SIZE} ${AVATAR_SIZE}">`,
    `<rect width="100%" height="100%" fill="hsl(${hue}, 55%, 45%)"/>`,
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="52" fill="#fff">${initials}</text>`,
    '</svg>',
  ].join('');
}

/** Writes the avatar as the member's upload and makes it their picture. */
export async function createDefaultAvatar(
  db: Database,
  uploadsDir: string,
  user: { id: number; username: string; firstName: string },
  now: Date,
): Promise<Picture> {
  const id = randomUUID();
  const svg = Buffer.from(avatarSvg(user.username, user.firstName), 'utf8');
  await writeFile(join(uploadsDir, id), svg);
  await db.insert(uploads).values({
    id,
    ownerId: user.id,
    attachmentType: 'image',
    name: 'avatar.svg',
    mimeType: 'image/svg+xml',
    size: svg.length,
    width: AVATAR_SIZE,
    height: AVATAR_SIZE,
    createdAt: now,
  });
  const picture = { id, url: fileUrl(id) };
  await db.update(users).set({ picture }).where(eq(users.id, user.id));
  return picture;
}

/** One or two letters, upper-cased, XML-safe (letters and digits only). */
function initialsOf(name: string): string {
  const words = name.normalize('NFC').split(/[\s._-]+/u).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.length >= 2 ? [words[0], words[1]] : [words[0] ?? '?'];
  const picked = letters.map((w) => [...(w ?? '')].find((c) => /[\p{L}\p{N}]/u.test(c)) ?? '').join('');
  return (picked || '?').toUpperCase().slice(0, 2);
}
