import { styled } from '@linaria/react';
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native <dialog> element: focus is trapped and Escape closes it for free.
 * It fades in quickly and out in 300 ms (spec 1 §9). A `sheet` covers the left of the screen, full height
 * (the room list on a phone); a `full` one fills a phone's screen (the inbox).
 */
export function Dialog(props: { title: string; open: boolean; onClose: () => void; children: ReactNode; wide?: boolean; sheet?: boolean; full?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  // A dialog unmounted while open closes first (before its element leaves the page): focus goes
  // back where it was before it opened, as on any close.
  useLayoutEffect(
    () => () => {
      if (ref.current?.open) ref.current.close();
    },
    [],
  );
  return (
    <Modal
      ref={ref}
      aria-labelledby={titleId}
      data-wide={props.wide ? '' : undefined}
      data-sheet={props.sheet ? '' : undefined}
      data-full={props.full ? '' : undefined}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) props.onClose();
      }}
    >
      <Title id={titleId}>{props.title}</Title>
      {props.open ? props.children : null}
    </Modal>
  );
}

const Modal = styled.dialog`
  width: min(420px, calc(100vw - 32px));
  &[data-wide] {
    width: min(640px, calc(100vw - 32px));
  }
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
  color: var(--text);
  box-shadow: var(--shadow);
  padding: 24px;
  &[data-sheet] {
    margin: 0 auto 0 0;
    width: min(320px, calc(100vw - 48px));
    height: 100dvh;
    max-height: 100dvh;
    border-radius: 0 var(--radius) var(--radius) 0;
    padding: 16px 12px;
    overflow-y: auto;
  }
  /* A full-screen sheet on a phone (the inbox): every pixel for its list. */
  @media (max-width: 600px) {
    &[data-full] {
      margin: 0;
      width: 100vw;
      max-width: 100vw;
      height: 100dvh;
      max-height: 100dvh;
      border-radius: 0;
      padding: 16px 12px;
    }
  }
  &[open] {
    animation: fade-in 10ms ease-out;
  }
  &::backdrop {
    background: rgb(0 0 0 / 45%);
  }
  @keyframes fade-in {
    from {
      opacity: 0;
    }
    to {
      opacity: 1;
    }
  }
`;

const Title = styled.h2`
  margin: 0 0 16px;
  font-size: 18px;
`;

export const DialogActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 12px;
  margin-top: 20px;
`;
