import { styled } from '@linaria/react';

/** The composer's square tool buttons (attach a file, lock Enter, record a voice note): 44 px, a touch target. */
export const ToolButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 44px;
  height: 44px;
  border-radius: 8px;
  border: 1px solid var(--border);
  background: transparent;
  color: var(--text);
  cursor: pointer;
  &[aria-disabled] {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;
