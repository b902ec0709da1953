import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { ChatMessage } from '../../contract/chat';
import { RowDialogsContext, type OpenRowDialog, type RowDialogKind } from './row-dialogs-context';


/** The editor and its machine: their own chunk, loaded with the first 'Modifier'. */
const MessageEditor = lazy(() => import('./message-editor').then((m) => ({ default: m.MessageEditor })));
/** A moderator's 'Rendre muet': its own chunk. */
const MuteDialog = lazy(() => import('./mute-dialog').then((m) => ({ default: m.MuteDialog })));
/** A moderator's 'Épingler': its own chunk. */
const PinEditor = lazy(() => import('./pin-editor').then((m) => ({ default: m.PinEditor })));
/** 'Signaler': its own chunk too. */
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

type Shown = { kind: RowDialogKind; message: ChatMessage };

/** Holds the dialogs of the rows below it (a room's: its search results, pins, a thread's parent). */
export function RowDialogsHolder({ edits, children }: { edits: boolean; children: ReactNode }) {
  const { open, dialogs } = useRowDialogs();
  const value = useMemo(() => ({ open, edits }), [open, edits]);
  return (
    <RowDialogsContext.Provider value={value}>
      {children}
      {dialogs}
    </RowDialogsContext.Provider>
  );
}

/**
 * The dialogs of a whole list's rows: 'Modifier', 'Signaler', 'Rendre muet' and 'Épingler' open
 * one dialog held by the list, not by the row — a virtualised row leaves the page as the log
 * scrolls or new rows come, and a dialog inside it would close and take what was typed with it.
 * Opening another replaces it.
 */
export function useRowDialogs(): { open: OpenRowDialog; dialogs: ReactNode } {
  const [shown, setShown] = useState<Shown | null>(null);
  const open = useCallback<OpenRowDialog>((kind, message) => setShown({ kind, message }), []);
  const close = useCallback(() => setShown(null), []);
  const dialogs =
    shown === null ? null : (
      <Suspense fallback={null}>
        <RowDialog key={`${shown.kind}:${shown.message._id}`} shown={shown} onClose={close} />
      </Suspense>
    );
  return { open, dialogs };
}

function RowDialog({ shown: { kind, message }, onClose }: { shown: Shown; onClose: () => void }) {
  switch (kind) {
    case 'edit':
      return <MessageEditor message={message} onDone={onClose} />;
    case 'report':
      return <ReportDialog messageId={message._id} onClose={onClose} />;
    case 'mute':
      return <MuteDialog user={message.sender} onClose={onClose} />;
    case 'pin':
      return <PinEditor messageId={message._id} onClose={onClose} />;
  }
}
