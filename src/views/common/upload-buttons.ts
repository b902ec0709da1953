import { styled } from '@linaria/react';

/** The uploads' small buttons (remove, cancel, retry) at touch size: 44 px, an icon and its label. */
export const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 44px;
  height: 44px;
  border: none;
  border-radius: 8px;
  background: transparent;
  color: var(--muted);
  cursor: pointer;
  &:hover {
    color: var(--text);
    background: var(--bg);
  }
`;

/** An icon with its word ('Réessayer', 'Terminer l’enregistrement'). */
export const TextButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 0 12px;
  border-radius: 8px;
  border: 1px solid var(--border);
  background: var(--surface);
  color: var(--text);
  font: inherit;
  font-weight: 600;
  cursor: pointer;
`;
