import { css, cx } from '@linaria/core';
import { styled } from '@linaria/react';
import type { ButtonHTMLAttributes } from 'react';

/** Small shared building blocks; each view keeps its own layout styles beside it. */
/** The button look, for <button>, <a> and <Link> alike; `data-variant` picks ghost or danger. */
export const buttonClass = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 40px;
  padding: 0 18px;
  border-radius: 8px;
  border: 1px solid transparent;
  background: var(--accent);
  color: var(--accent-contrast);
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  transition: filter 120ms ease;
  @media (max-width: 900px) {
    min-height: 44px;
  }
  &:hover:not(:disabled) {
    filter: brightness(1.08);
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  &[data-variant='ghost'] {
    border-color: var(--border);
    background: transparent;
    color: var(--text);
  }
  &[data-variant='danger'] {
    background: var(--danger);
    color: var(--danger-contrast);
  }
`;

type Variant = 'primary' | 'ghost' | 'danger';

export function Button({ variant = 'primary', className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button {...rest} data-variant={variant} className={cx(buttonClass, className)} />;
}

export const Field = styled.label`
  display: grid;
  gap: 6px;
  font-size: 14px;
  font-weight: 600;
  color: var(--muted);
  & input {
    height: 44px;
    padding: 0 12px;
    border-radius: 8px;
    border: 1px solid var(--border);
    background: var(--surface);
    font-weight: 400;
    color: var(--text);
  }
  /* The border turns green and the shared ring shows: a 1px colour change alone is not seen. */
  & input:focus {
    border-color: var(--accent);
  }
`;

/** A group of radio choices with its legend (a report's reason, a mute's length). */
export const RadioChoices = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 2px;
  & legend {
    font-weight: 600;
    margin-bottom: 6px;
  }
`;
/** One radio choice: the whole row is its 44-px target. */
export const RadioChoice = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  cursor: pointer;
  & input {
    width: 18px;
    height: 18px;
    accent-color: var(--accent);
  }
`;

export const ErrorText = styled.p`
  margin: 0;
  color: var(--danger);
  font-size: 14px;
`;

export const Card = styled.section`
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  padding: 24px;
`;

/** A red count pill (unread messages of a room or a conversation). */
export const CountBadge = styled.span`
  min-width: 20px;
  padding: 0 6px;
  border-radius: 10px;
  background: var(--danger);
  color: var(--danger-contrast);
  font-size: 12px;
  font-weight: 700;
  text-align: center;
`;

/** The rest of a flex column, filled by the Virtuoso list inside it. */
export const virtuosoFill = css`
  flex: 1;
  min-height: 0;
  & > div {
    height: 100%;
  }
`;

/**
 * A whole-row button of a list (a contact found, an inbox entry): the row is the target, with its
 * hover and its focus ring inside the row. Lists lay out what goes in it.
 */
export const ListRowButton = styled.button`
  display: flex;
  align-items: center;
  gap: 10px;
  width: 100%;
  min-height: 44px;
  padding: 10px 16px;
  border: none;
  border-bottom: 1px solid var(--border);
  background: transparent;
  color: var(--text);
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: var(--surface-2);
  }
  &:focus-visible {
    outline: 2px solid var(--accent);
    outline-offset: -2px;
  }
`;
