import { styled } from '@linaria/react';
import type { Formation } from '../../contract/formations';
import { courseSteps, quizOpen } from '../../domain/formation-progress';
import { FORMATION_TEXT } from '../../domain/formation-text-fr';
import { Icon } from '../common/icons';
import { visuallyHidden } from '../common/visually-hidden';

/**
 * The course's steps as a navigation list: the chapters, then the quiz (spec 3 §4). The current
 * step carries aria-current; a validated step a drawn check and the word; the quiz a padlock while
 * the chapters are not all done (choosing it still shows why it is blocked).
 */
export function StepList({ formation, done, current, onGo }: { formation: Formation; done: readonly number[]; current: number; onGo: (step: number) => void }) {
  const { quizStep } = courseSteps(formation);
  const doneSet = new Set(done);
  const quizBlocked = !quizOpen(done, formation);
  const steps = [
    ...formation.chapitres.map((chapter, index) => ({ step: index + 1, name: chapter.name })),
    ...(quizStep !== null && formation.quiz ? [{ step: quizStep, name: formation.quiz.name || FORMATION_TEXT.quizTitle }] : []),
  ];
  return (
    <nav aria-label={FORMATION_TEXT.steps}>
      <List>
        {steps.map(({ step, name }) => {
          const isDone = doneSet.has(step);
          const locked = step === quizStep && quizBlocked && !isDone;
          return (
            <li key={step}>
              <StepButton type="button" aria-current={step === current ? 'step' : undefined} data-done={isDone ? '' : undefined} onClick={() => onGo(step)}>
                <Mark aria-hidden="true">{isDone ? <Icon name="check" size={16} /> : locked ? <Icon name="lock" size={16} /> : step}</Mark>
                <span>{name}</span>
                {isDone ? <span className={visuallyHidden}>({FORMATION_TEXT.stepDone})</span> : null}
                {locked ? <span className={visuallyHidden}>({FORMATION_TEXT.stepLocked})</span> : null}
              </StepButton>
            </li>
          );
        })}
      </List>
    </nav>
  );
}

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
`;

const StepButton = styled.button`
  display: flex;
  align-items: center;
  gap: 10px;
  width: 100%;
  min-height: 44px;
  padding: 6px 10px;
  border: 1px solid transparent;
  border-radius: 8px;
  background: transparent;
  color: var(--text);
  text-align: left;
  cursor: pointer;
  &:hover {
    background: var(--surface-2);
  }
  &:focus-visible {
    outline: 2px solid var(--accent);
    outline-offset: 2px;
  }
  &[aria-current='step'] {
    border-color: var(--accent);
    background: var(--accent-soft);
    font-weight: 600;
  }
`;

const Mark = styled.span`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 26px;
  height: 26px;
  border-radius: 50%;
  border: 1px solid var(--border);
  font-size: 13px;
  font-variant-numeric: tabular-nums;
  [data-done] > & {
    border-color: var(--accent);
    color: var(--accent);
  }
`;
