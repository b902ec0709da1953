import { FORMATION_TEXT } from '../../domain/formation-text-fr';
import { ConfirmDialog } from '../chat/confirm-dialog';

/**
 * Spec 3 §5's confirmation before a quiz is submitted, on the app's dialog (focus trapped, Escape
 * cancels): 'Confirmer' submits, 'Annuler' goes back to the answers.
 */
export function ConfirmSubmit(props: { open: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      question={props.open ? FORMATION_TEXT.confirmQuiz : null}
      yes={FORMATION_TEXT.confirm}
      no={FORMATION_TEXT.cancel}
      onAnswer={(yes) => (yes ? props.onConfirm() : props.onCancel())}
    />
  );
}
