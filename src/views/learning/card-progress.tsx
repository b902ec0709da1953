import { LEARNING_TEXT } from '../../domain/learning-text-fr';
import { visuallyHidden } from '../common/visually-hidden';

/** A card's progress: steps done out of the total (replaced by the ring once it lands). */
export function CardProgress({ done, total }: { done: number; total: number }) {
  return (
    <span>
      <span aria-hidden="true">{`${done}/${total}`}</span>
      <span className={visuallyHidden}>{LEARNING_TEXT.progressLabel(done, total)}</span>
    </span>
  );
}
