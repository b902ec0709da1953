import { styled } from '@linaria/react';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { TEXT } from '../../domain/text-fr';
import { Icon } from './icons';

/**
 * The title bar of a side panel or sheet: its heading and a close button. A panel over the whole
 * screen on a phone shows 'Retour' there instead (`back`); a panel that opens on a member's action
 * takes the focus and gives it back to its opener when it closes (`focus`).
 */
export function PanelHeader(props: { title: string; closeLabel: string; onClose: () => void; titleId?: string; back?: boolean; focus?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusWhileOpen(heading, props.focus ?? false);
  return (
    <Bar data-back={props.back ? '' : undefined}>
      {props.back ? (
        <BackButton type="button" onClick={props.onClose}>
          <Icon name="back" size={20} />
          {TEXT.back}
        </BackButton>
      ) : null}
      <h2 id={props.titleId} ref={heading} tabIndex={props.focus ? -1 : undefined}>
        {props.title}
      </h2>
      <CloseButton type="button" onClick={props.onClose} aria-label={props.closeLabel}>
        <Icon name="close" size={20} />
      </CloseButton>
    </Bar>
  );
}

/**
 * Moves the focus to `target` when mounted, unless the member is typing somewhere (a panel opened
 * by an incoming message must not steal the composer's focus); when unmounted with the focus
 * inside the panel (or lost), returns it to the element that had it.
 */
function useFocusWhileOpen(target: RefObject<HTMLElement | null>, enabled: boolean) {
  useLayoutEffect(() => {
    const element = target.current;
    if (!enabled || !element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (opener === null || !opener.matches('input, textarea, select, [contenteditable]')) element.focus({ preventScroll: true });
    const panel = element.parentElement?.parentElement ?? null;
    return () => {
      const active = document.activeElement;
      const lost = active === null || active === document.body || (panel?.contains(active) ?? false);
      if (lost && opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [target, enabled]);
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
  gap: 8px;
  padding: 10px 16px;
  border-bottom: 1px solid var(--border);
  & h2 {
    flex: 1;
    min-width: 0;
    margin: 0;
    font-size: 16px;
    overflow-wrap: anywhere;
  }
  & h2:focus {
    outline: none;
  }
  @media (max-width: 900px) {
    padding: 4px 8px;
    &[data-back] > button:last-child {
      display: none;
    }
  }
`;

const CloseButton = styled.button`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 32px;
  height: 32px;
  border: none;
  border-radius: 8px;
  background: transparent;
  color: var(--muted);
  cursor: pointer;
  @media (max-width: 900px) {
    width: 44px;
    height: 44px;
  }
`;

const BackButton = styled.button`
  display: none;
  @media (max-width: 900px) {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    flex: none;
    min-height: 44px;
    padding: 0 12px 0 6px;
    border: none;
    border-radius: 8px;
    background: transparent;
    color: var(--accent);
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
`;
