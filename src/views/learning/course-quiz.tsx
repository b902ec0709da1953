import { styled } from '@linaria/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Formation } from '../../contract/formations';
import { FORMATION_TEXT } from '../../domain/formation-text-fr';
import { LEARNING_TEXT } from '../../domain/learning-text-fr';
import type { courseProgressMachine } from '../../machines/course-progress-machine';
import { ConfirmDialog } from '../chat/confirm-dialog';
import { Button, ErrorText } from '../common/ui';

type CourseActor = ActorRefFrom<typeof courseProgressMachine>;

/**
 * The quiz step (spec 3 §4, §5): blocked until every chapter is validated; then one fieldset per
 * question (checkboxes: a question may have several right answers), 'Valider le quiz', the
 * confirmation, and once submitted the locked answers with the right ones and the score.
 */
export function CourseQuiz({ actor, formation }: { actor: CourseActor; formation: Formation }) {
  const blocked = useSelector(actor, (s) => s.matches({ quiz: 'blocked' }));
  const confirming = useSelector(actor, (s) => s.matches({ quiz: 'confirming' }));
  const submitting = useSelector(actor, (s) => s.matches({ quiz: 'submitting' }));
  const failed = useSelector(actor, (s) => s.matches({ quiz: 'failed' }));
  const submitted = useSelector(actor, (s) => s.matches({ quiz: 'submitted' }));
  const answers = useSelector(actor, (s) => s.context.answers);
  const corrections = useSelector(actor, (s) => s.context.corrections);
  const score = useSelector(actor, (s) => s.context.quizzResult);
  const error = useSelector(actor, (s) => s.context.error);
  const quiz = formation.quiz;
  if (!quiz) return null;
  const right = new Map((corrections ?? []).map((c) => [c.questionId, new Set(c.answerIds)]));
  const locked = submitted || submitting || confirming;

  return (
    <section aria-labelledby="quiz-title">
      <h2 id="quiz-title">{quiz.name || FORMATION_TEXT.quizTitle}</h2>
      {blocked ? (
        <ErrorText role="alert">{FORMATION_TEXT.quizLocked}</ErrorText>
      ) : (
        <>
          {submitted && score !== null ? (
            <Score role="status">
              {FORMATION_TEXT.quizTitle} : {FORMATION_TEXT.score(score)}
            </Score>
          ) : null}
          {quiz.questions.map((question, index) => {
            const checked = new Set(answers[question.id] ?? []);
            const rightOnes = right.get(question.id);
            const correct = rightOnes ? question.answers.every((a) => checked.has(a.id) === rightOnes.has(a.id)) : null;
            return (
              <Question key={question.id}>
                <legend>
                  {index + 1}. {question.question}
                </legend>
                {question.answers.map((answer) => (
                  <Answer key={answer.id} data-right={rightOnes?.has(answer.id) || undefined}>
                    <input
                      type="checkbox"
                      checked={checked.has(answer.id)}
                      disabled={locked}
                      onChange={() => actor.send({ type: 'TOGGLE_ANSWER', questionId: question.id, answerId: answer.id })}
                    />
                    <span>{answer.answer}</span>
                    {rightOnes?.has(answer.id) ? <Tag>{FORMATION_TEXT.correctAnswer}</Tag> : null}
                  </Answer>
                ))}
                {correct !== null ? <Verdict data-correct={correct || undefined}>{correct ? FORMATION_TEXT.correctAnswer : FORMATION_TEXT.wrongAnswer}</Verdict> : null}
              </Question>
            );
          })}
          {failed && error ? (
            <Failure role="alert">
              <ErrorText>{error}</ErrorText>
              <Button variant="ghost" onClick={() => actor.send({ type: 'RETRY' })}>
                {LEARNING_TEXT.retry}
              </Button>
            </Failure>
          ) : null}
          {submitted ? null : (
            <Button onClick={() => actor.send({ type: 'SUBMIT' })} disabled={submitting || confirming}>
              {FORMATION_TEXT.validateQuiz}
            </Button>
          )}
        </>
      )}
      <ConfirmDialog question={confirming ? FORMATION_TEXT.confirmQuiz : null} onAnswer={(yes) => actor.send({ type: yes ? 'CONFIRM' : 'CANCEL' })} />
    </section>
  );
}

const Score = styled.p`
  margin: 0 0 12px;
  font-size: 20px;
  font-weight: 700;
`;

const Question = styled.fieldset`
  margin: 0 0 16px;
  padding: 12px 16px;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  & legend {
    padding: 0 4px;
    font-weight: 600;
  }
`;

const Answer = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  cursor: pointer;
  & input {
    width: 20px;
    height: 20px;
  }
  &[data-right] {
    font-weight: 600;
  }
`;

const Tag = styled.span`
  padding: 2px 8px;
  border-radius: 10px;
  background: var(--accent);
  color: var(--accent-contrast);
  font-size: 12px;
`;

const Verdict = styled.p`
  margin: 4px 0 0;
  color: var(--danger);
  &[data-correct] {
    color: var(--accent);
  }
`;

const Failure = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-bottom: 12px;
`;
