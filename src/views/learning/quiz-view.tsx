import { styled } from '@linaria/react';
import type { Quiz, QuizCorrection } from '../../contract/formations';
import { FORMATION_TEXT } from '../../domain/formation-text-fr';
import { Icon } from '../common/icons';
import { Button, ErrorText } from '../common/ui';

export type QuizViewProps = {
  quiz: Quiz;
  /** Checked answers by question id. */
  answers: Record<number, number[]>;
  /** Submitted: nothing can change, the right answers and the score are shown. */
  locked: boolean;
  corrections: QuizCorrection[] | null;
  quizzResult: number | null;
  error: string | null;
  onToggle: (questionId: number, answerId: number) => void;
  onSubmit: () => void;
  /** The submission is on its way: the button waits. */
  busy?: boolean;
};

/**
 * The quiz step (spec 3 §4, §5): each question a fieldset of checkboxes (any answer may be right,
 * and a question is right only when every box matches); once submitted, locked, each right answer
 * and each wrong choice said in words with a drawn mark (never colour alone), and the score 'X/20'.
 */
export function QuizView(props: QuizViewProps) {
  const { quiz, answers, locked, corrections } = props;
  const rightBy = new Map((corrections ?? []).map((c) => [c.questionId, new Set(c.answerIds)]));
  return (
    <Form
      aria-label={quiz.name}
      onSubmit={(event) => {
        event.preventDefault();
        if (!locked) props.onSubmit();
      }}
    >
      {locked && props.quizzResult !== null ? (
        <Score role="status">
          {FORMATION_TEXT.quizScore} : <strong>{FORMATION_TEXT.scoreShown(props.quizzResult)}</strong>
        </Score>
      ) : null}
      {quiz.questions.map((question) => {
        const checked = new Set(answers[question.id] ?? []);
        const right = rightBy.get(question.id);
        return (
          <Question key={question.id}>
            <legend>{question.question}</legend>
            {question.answers.map((answer) => {
              const isChecked = checked.has(answer.id);
              const isRight = locked && right ? right.has(answer.id) : null;
              const mark = isRight === true ? 'right' : isRight === false && isChecked ? 'wrong' : undefined;
              return (
                <Answer key={answer.id} data-mark={mark}>
                  <input
                    type="checkbox"
                    checked={isChecked}
                    disabled={locked}
                    onChange={() => props.onToggle(question.id, answer.id)}
                  />
                  <span>{answer.answer}</span>
                  {mark ? (
                    <Verdict>
                      <Icon name={mark === 'right' ? 'check' : 'close'} size={18} />
                      {mark === 'right' ? FORMATION_TEXT.correctAnswer : FORMATION_TEXT.wrongAnswer}
                    </Verdict>
                  ) : null}
                </Answer>
              );
            })}
          </Question>
        );
      })}
      {props.error ? <ErrorText role="alert">{props.error}</ErrorText> : null}
      {locked ? null : (
        <Button type="submit" disabled={props.busy}>
          {FORMATION_TEXT.validateQuiz}
        </Button>
      )}
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: 16px;
  justify-items: start;
`;

const Score = styled.p`
  margin: 0;
  font-size: 18px;
  font-variant-numeric: tabular-nums;
`;

const Question = styled.fieldset`
  width: 100%;
  margin: 0;
  padding: 12px 16px 16px;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  display: grid;
  gap: 4px;
  & legend {
    padding: 0 6px;
    font-weight: 600;
  }
`;

/** The whole row is the label: a 44 px target at phone width, the focus ring on the row. */
const Answer = styled.label`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 10px;
  min-height: 44px;
  padding: 4px 8px;
  border-radius: 8px;
  cursor: pointer;
  & input {
    width: 20px;
    height: 20px;
    margin: 0;
    accent-color: var(--accent);
  }
  & input:disabled {
    cursor: default;
  }
  &:focus-within {
    outline: 2px solid var(--accent);
    outline-offset: 2px;
  }
  &[data-mark='right'] {
    background: var(--accent-soft);
  }
  &[data-mark='wrong'] {
    outline: 1px dashed var(--danger);
  }
`;

const Verdict = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  margin-left: auto;
  font-size: 14px;
  font-weight: 600;
`;
