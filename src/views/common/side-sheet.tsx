import { css } from '@linaria/core';
import { styled } from '@linaria/react';
import { useEffect, useId, type ReactNode } from 'react';
import { mobileQuery } from '../theme';
import { PanelHeader } from './panel-header';

/**
 * A sheet that slides in over the page from the right (the messaging panel, a member's profile):
 * a non-modal dialog named by its header, closed by its close button or by Escape (unless a modal dialog is
 * open over it), above the tab bar on mobile. `over` lays it above another sheet.
 */
export function SideSheet(props: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  width: 'wide' | 'narrow';
  over?: boolean;
  /** 'Retour' rather than the close button on a phone (unless the sheet has its own 'Retour'). */
  back?: boolean;
  children: ReactNode;
}) {
  const { onClose } = props;
  const titleId = useId();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('dialog[open]')) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <Sheet role="dialog" aria-modal="false" aria-labelledby={titleId} data-width={props.width} data-over={props.over ? '' : undefined}>
      <PanelHeader title={props.title} titleId={titleId} closeLabel={props.closeLabel} onClose={onClose} back={props.back ?? true} focus />
      {props.children}
    </Sheet>
  );
}

const Sheet = styled.section`
  position: fixed;
  z-index: 30;
  top: 0;
  right: 0;
  bottom: 0;
  width: min(420px, 100vw);
  display: flex;
  flex-direction: column;
  background: var(--surface);
  border-left: 1px solid var(--border);
  box-shadow: var(--shadow);
  animation: slide-in 160ms ease-out;
  @keyframes slide-in {
    from {
      transform: translateX(40px);
      opacity: 0;
    }
  }
  &[data-width='narrow'] {
    width: min(360px, 100vw);
  }
  &[data-over] {
    z-index: 35;
  }
  ${mobileQuery} {
    bottom: 63px;
  }
`;

/** What fills a sheet under its header: a column the lists inside scroll in. */
export const sheetBody = css`
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
`;
