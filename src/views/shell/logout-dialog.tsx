import { TEXT } from '../../domain/text-fr';
import { useApp } from '../app-context';
import { Dialog, DialogActions } from '../common/dialog';
import { Button } from '../common/ui';

/** 'Voulez-vous vraiment vous déconnecter ?' Non / Oui (spec 1 §2). */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { session } = useApp();
  return (
    <Dialog title={TEXT.logoutQuestion} open={open} onClose={onClose}>
      <DialogActions>
        <Button variant="ghost" type="button" onClick={onClose}>
          {TEXT.no}
        </Button>
        <Button
          type="button"
          onClick={() => {
            onClose();
            session.send({ type: 'session.signOut' });
          }}
        >
          {TEXT.yes}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
