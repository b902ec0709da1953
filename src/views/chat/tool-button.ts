import { styled } from '@linaria/react';

/** The composer's square 40px tool buttons: attach a file, lock Enter, record a voice note. */
export const ToolButton = styled.button`
  width: 40px;
  height: 40px;
  border-radius: 8px;
  border: 1px solid var(--border);
  background: transparent;
  cursor: pointer;
`;
