import type { UserRow } from '../users/user-queries';
import type { AccountServices } from './account-services';
import { newCode, storeCode } from './account-codes';
import { confirmEmailMail } from './account-mail';
import { createDefaultAvatar } from './default-avatar';

/**
 * What follows every account creation: the default avatar, and (unless the address is already
 * proven, as with Google) the confirmation code and its e-mail.
 */
export async function welcomeNewAccount(services: AccountServices, user: UserRow, origin: string): Promise<void> {
  const now = services.now();
  await createDefaultAvatar(services.db, services.uploadsDir, user, now);
  if (user.confirmed) return;
  const { code, digest } = newCode();
  await storeCode(services.db, user.id, 'confirm', digest, now);
  await services.mail.send([confirmEmailMail(user, origin, code)]);
}
