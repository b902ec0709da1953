import { styled } from '@linaria/react';
import type { Formation } from '../../contract/formations';
import { courseSteps } from '../../domain/formation-progress';
import { FORMATION_TEXT } from '../../domain/formation-text-fr';
import { LEARNING_TEXT } from '../../domain/learning-text-fr';
import { Icon } from '../common/icons';
import { visuallyHidden } from '../common/visually-hidden';

/** The course's steps (chapters, then the quiz): where the member is, what is done, and a way to each. */
export function CourseSteps({ formation, done, current, onGo }: { formation: Formation; done: readonly number[]; current: number; onGo: (step: number) => void }) {
  const { total, quizStep } = courseSteps(formation);
  const names = [...formation.chapitres.map((c) => c.name), ...(quizStep ? [formation.quiz?.name ?? FORMATION_TEXT.quizTitle] : [])];
  return (
    <Nav aria-label={LEARNING_TEXT.steps}>
      <ol>
        {names.slice(0, total).map((name, k) => {
          const step = k + 1;
          const isDone = done.includes(step);
          return (
            <li key={step}>
              <button type="button" aria-current={step === current ? 'step' : undefined} onClick={() => onGo(step)}>
                <Mark data-done={isDone || undefined} aria-hidden="true">
                  {isDone ? <Icon name="check" size={14} /> : step}
                </Mark>
                <span>{name}</span>
                {isDone ? <span className={visuallyHidden}>{LEARNING_TEXT.stepDone}</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
    </Nav>
  );
}

const Nav = styled.nav`
  & ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 4px;
  }
  & button {
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
  }
  & button[aria-current] {
    border-color: var(--accent);
    background: var(--surface);
    font-weight: 600;
  }
`;

const Mark = styled.span`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 24px;
  height: 24px;
  border-radius: 50%;
  border: 1px solid var(--border);
  font-size: 12px;
  &[data-done] {
    border-color: var(--accent);
    background: var(--accent);
    color: var(--accent-contrast);
  }
`;
