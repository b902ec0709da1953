import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Formation } from '../../contract/formations';
import { FORMATION_TEXT } from '../../domain/formation-text-fr';
import type { courseProgressMachine } from '../../machines/course-progress-machine';
import { ErrorText } from '../common/ui';
import { ConfirmSubmit } from './confirm-submit';
import { QuizView } from './quiz-view';

type CourseActor = ActorRefFrom<typeof courseProgressMachine>;

/**
 * The quiz step (spec 3 §4, §5) on the course machine: blocked until every chapter is validated;
 * then the quiz, 'Valider le quiz', the confirmation, and once submitted the locked answers with
 * the right ones and the score. A failed submission is sent again from the same button.
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

  return (
    <section aria-labelledby="quiz-title">
      <h2 id="quiz-title">{quiz.name || FORMATION_TEXT.quizTitle}</h2>
      {blocked ? (
        <ErrorText role="alert">{FORMATION_TEXT.quizLocked}</ErrorText>
      ) : (
        <QuizView
          quiz={quiz}
          answers={answers}
          locked={submitted}
          corrections={corrections}
          quizzResult={score}
          error={failed ? error : null}
          busy={submitting || confirming}
          onToggle={(questionId, answerId) => actor.send({ type: 'TOGGLE_ANSWER', questionId, answerId })}
          onSubmit={() => actor.send({ type: failed ? 'RETRY' : 'SUBMIT' })}
        />
      )}
      <ConfirmSubmit open={confirming} onConfirm={() => actor.send({ type: 'CONFIRM' })} onCancel={() => actor.send({ type: 'CANCEL' })} />
    </section>
  );
}
