import { lazy, Suspense, useState } from 'react';
import { HOME_TEXT } from '../../domain/home-text-fr';
import { hasLive, showsEditShortcut } from '../../domain/subscriptions';
import { TEXT } from '../../domain/text-fr';
import { Dialog, DialogActions } from '../common/dialog';
import { Button } from '../common/ui';
import { BETA_KEY } from '../common/beta-key';
import { PlanningTable } from '../lives/planning-table';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { usePlanning } from './use-planning';

const PlanningEditor = lazy(() => import('../lives/planning-editor').then((m) => ({ default: m.PlanningEditor })));

/**
 * The live planning in a dialog (spec 3 §2): the shell's 'Calendrier' and the home page's
 * 'Planning des lives' open it; the join buttons are for Live subscribers, the editor for
 * subscription 6 when the build has the beta key.
 */
export function CalendarPanel({ open, onClose, title = TEXT.calendarTitle }: { open: boolean; onClose: () => void; title?: string }) {
  const items = usePlanning();
  const user = useCurrentUser();
  const now = useNow(60_000);
  const [editing, setEditing] = useState(false);
  const canEdit = showsEditShortcut(user, now, BETA_KEY);
  return (
    <Dialog title={title} open={open} onClose={onClose} wide>
      {open ? <PlanningTable items={items} canJoin={user !== null && hasLive(user, now)} /> : null}
      <DialogActions>
        {canEdit ? (
          <Button variant="ghost" type="button" onClick={() => setEditing(true)}>
            {HOME_TEXT.editorOpen}
          </Button>
        ) : null}
        <Button variant="ghost" type="button" onClick={onClose}>
          {TEXT.close}
        </Button>
      </DialogActions>
      {editing ? (
        <Suspense fallback={null}>
          <PlanningEditor open onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
