// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Formation, Quiz } from '../../../../src/contract/formations';
import { Certificate } from '../../../../src/views/learning/certificate';
import { ConfirmSubmit } from '../../../../src/views/learning/confirm-submit';
import { ProgressRing } from '../../../../src/views/learning/progress-ring';
import { QuizView } from '../../../../src/views/learning/quiz-view';
import { StepList } from '../../../../src/views/learning/step-list';

afterEach(cleanup);

const quiz: Quiz = {
  id: 9,
  name: 'Quiz final',
  questions: [
    { id: 1, question: 'Que montre une bougie verte ?', answers: [{ id: 11, answer: 'Une hausse' }, { id: 12, answer: 'Une baisse' }] },
    { id: 2, question: 'Quels sont des ordres ?', answers: [{ id: 21, answer: 'Stop' }, { id: 22, answer: 'Limite' }, { id: 23, answer: 'Bougie' }] },
    { id: 3, question: 'Un troisième ?', answers: [{ id: 31, answer: 'Oui' }, { id: 32, answer: 'Non' }] },
  ],
};
const formation: Formation = {
  id: 7,
  title: 'Les bases du trading',
  description: '',
  preview_image: null,
  categoryId: 1,
  locked: false,
  chapitres: [
    { id: 101, name: 'Introduction', videoUrl: null, text: 'Texte' },
    { id: 102, name: 'Les bougies', videoUrl: null, text: 'Texte' },
  ],
  quiz,
};
const noop = () => {};

describe('QuizView', () => {
  it('lists each question as a fieldset of labelled checkboxes and asks to toggle and submit', () => {
    const onToggle = vi.fn();
    const onSubmit = vi.fn();
    render(<QuizView quiz={quiz} answers={{ 2: [22] }} locked={false} corrections={null} quizzResult={null} error={null} onToggle={onToggle} onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: 'Quels sont des ordres ?' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(group).getByRole('checkbox', { name: 'Limite' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Une hausse' }));
    expect(onToggle).toHaveBeenCalledWith(1, 11);
    fireEvent.click(screen.getByRole('button', { name: 'Valider le quiz' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows the error of a failed submission', () => {
    render(<QuizView quiz={quiz} answers={{}} locked={false} corrections={null} quizzResult={null} error="Erreur lors de la requête" onToggle={noop} onSubmit={noop} />);
    expect(screen.getByRole('alert').textContent).toBe('Erreur lors de la requête');
  });

  it('locked: no button, boxes disabled, the right answers and wrong choices in words, the score in French decimals', () => {
    const onToggle = vi.fn();
    render(
      <QuizView
        quiz={quiz}
        answers={{ 1: [11], 2: [22, 23], 3: [31] }}
        locked
        corrections={[
          { questionId: 1, answerIds: [11] },
          { questionId: 2, answerIds: [21, 22] },
          { questionId: 3, answerIds: [32] },
        ]}
        quizzResult={6.67}
        error={null}
        onToggle={onToggle}
        onSubmit={noop}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Valider le quiz' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Note au quiz : 6,67/20');
    for (const box of screen.getAllByRole('checkbox')) expect(box).toHaveProperty('disabled', true);
    const orders = screen.getByRole('group', { name: 'Quels sont des ordres ?' });
    expect(within(orders).getAllByText('Bonne réponse')).toHaveLength(2);
    expect(within(orders).getAllByText('Mauvaise réponse')).toHaveLength(1);
    expect(within(orders).getByText('Mauvaise réponse').closest('label')?.textContent).toContain('Bougie');
    expect(screen.getAllByText('Bonne réponse')[0]!.querySelector('svg')).not.toBeNull();
  });
});

describe('ConfirmSubmit', () => {
  it('asks the spec’s question with Confirmer and Annuler', () => {
    // jsdom has no modal dialogs.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmSubmit open onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole('heading').textContent).toBe('Confirmez-vous la soumission du quizz ? Vos réponses ne pourront être modifiées par la suite');
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('ProgressRing', () => {
  it('names the progress in words', () => {
    render(<ProgressRing done={2} total={5} size={48} />);
    expect(screen.getByRole('img', { name: '2 étapes sur 5 validées' })).toBeTruthy();
    cleanup();
    render(<ProgressRing done={1} total={3} />);
    expect(screen.getByRole('img', { name: '1 étape sur 3 validée' })).toBeTruthy();
  });
});

describe('StepList', () => {
  it('marks the current step, the validated ones and the locked quiz, and goes where asked', () => {
    const onGo = vi.fn();
    render(<StepList formation={formation} done={[1]} current={2} onGo={onGo} />);
    const nav = screen.getByRole('navigation', { name: 'Étapes de la formation' });
    const [first, second, quizStep] = within(nav).getAllByRole('button');
    expect(first!.textContent).toContain('(validée)');
    expect(first!.querySelector('svg')).not.toBeNull();
    expect(second!.getAttribute('aria-current')).toBe('step');
    expect(quizStep!.textContent).toContain('Quiz final');
    expect(quizStep!.textContent).toContain('(verrouillé)');
    fireEvent.click(quizStep!);
    expect(onGo).toHaveBeenCalledWith(3);
  });

  it('no longer marks the quiz locked once every chapter is done', () => {
    render(<StepList formation={formation} done={[1, 2]} current={3} onGo={noop} />);
    const quizStep = screen.getAllByRole('button')[2]!;
    expect(quizStep.textContent).not.toContain('(verrouillé)');
    expect(quizStep.getAttribute('aria-current')).toBe('step');
  });
});

describe('Certificate', () => {
  it('says who passed which formation, with the score, and prints', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    render(<Certificate memberName="Nina Martin" formationTitle="Les bases du trading" date="12 mars 2025" score={13.33} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Certificat de réussite');
    const text = screen.getByRole('article').textContent;
    expect(text).toContain('décerné à');
    expect(text).toContain('Nina Martin');
    expect(text).toContain('pour avoir suivi la formation');
    expect(text).toContain('Note au quiz : 13,33/20');
    expect(text).toContain('Le 12 mars 2025');
    fireEvent.click(screen.getByRole('button', { name: 'Imprimer' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
