import { createContext } from 'react';
import type { ChatMessage } from '../../contract/chat';

/** The dialogs a row opens about its message, held above it (use-row-dialogs.tsx, issue 22). */
export type RowDialogKind = 'edit' | 'report' | 'mute' | 'pin';
export type OpenRowDialog = (kind: RowDialogKind, message: ChatMessage) => void;
/** Where the rows below open their dialogs, and whether they offer 'Modifier' there (a list's rows do). */
export type RowDialogs = { open: OpenRowDialog; edits: boolean };
export const RowDialogsContext = createContext<RowDialogs | null>(null);
