import { Link } from 'wouter';
import { TEXT } from '../../domain/text-fr';
import { Dialog, DialogActions } from '../common/dialog';
import { Button, buttonClass } from '../common/ui';

/** For members without messaging access (spec 1 §6): the messaging toggle and a refused live link. */
export function AccessPrompt({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={TEXT.noMessagingAccessTitle} open onClose={onClose}>
      <p>{TEXT.noMessagingAccess}</p>
      <DialogActions>
        <Button variant="ghost" type="button" onClick={onClose}>
          {TEXT.close}
        </Button>
        <Link className={buttonClass} href="/profil/abonnements" onClick={onClose}>
          {TEXT.seeOffers}
        </Link>
      </DialogActions>
    </Dialog>
  );
}
