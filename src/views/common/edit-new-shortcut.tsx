import { showsEditShortcut } from '../../domain/subscriptions';
import { TEXT } from '../../domain/text-fr';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { BETA_KEY } from './beta-key';
import { Icon } from './icons';
import { buttonClass } from './ui';

/** Where the team writes content (the content host's admin). */
const EDIT_PATH = '/content/admin';

/** 'Edit new' beside the replay and news filters: subscription 6 with the beta key only (spec 3 §2, §6). */
export function EditNewShortcut() {
  const user = useCurrentUser();
  const now = useNow(60_000);
  if (!showsEditShortcut(user, now, BETA_KEY)) return null;
  return (
    <a href={EDIT_PATH} className={buttonClass} data-variant="ghost">
      <Icon name="edit" size={18} />
      {TEXT.editNew}
    </a>
  );
}
