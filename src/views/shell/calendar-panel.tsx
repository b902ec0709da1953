import { hasLive } from '../../domain/subscriptions';
import { TEXT } from '../../domain/text-fr';
import { Dialog, DialogActions } from '../common/dialog';
import { Button } from '../common/ui';
import { PlanningTable } from '../lives/planning-table';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { usePlanning } from './use-planning';

/**
 * The live planning in a dialog (spec 3 §2): the shell's 'Calendrier' and the home page's
 * 'Planning des lives' open it; the join buttons are for Live subscribers.
 */
export function CalendarPanel({ open, onClose, title = TEXT.calendarTitle }: { open: boolean; onClose: () => void; title?: string }) {
  const items = usePlanning();
  const user = useCurrentUser();
  const now = useNow(60_000);
  return (
    <Dialog title={title} open={open} onClose={onClose} wide>
      {open ? <PlanningTable items={items} canJoin={user !== null && hasLive(user, now)} /> : null}
      <DialogActions>
        <Button variant="ghost" type="button" onClick={onClose}>
          {TEXT.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
