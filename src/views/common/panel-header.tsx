import { styled } from '@linaria/react';

/** The title bar of a side panel or sheet: its heading and a close button. */
export function PanelHeader(props: { title: string; closeLabel: string; onClose: () => void; titleId?: string }) {
  return (
    <Bar>
      <h2 id={props.titleId}>{props.title}</h2>
      <button type="button" onClick={props.onClose} aria-label={props.closeLabel}>
        ✕
      </button>
    </Bar>
  );
}

/** The badge beside a member's pseudo ('Coach'), in chat rows and alert cards. */
export const MentionBadge = styled.span`
  font-size: 11px;
  padding: 1px 6px;
  border-radius: 6px;
  background: var(--gold);
  color: var(--gold-contrast);
  font-weight: 700;
`;

const Bar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 10px 16px;
  border-bottom: 1px solid var(--border);
  & h2 {
    margin: 0;
    font-size: 16px;
  }
  & button {
    border: none;
    background: transparent;
    color: var(--muted);
    cursor: pointer;
    font-size: 16px;
  }
`;
