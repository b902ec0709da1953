import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { ChatMessage } from '../../contract/chat';

/** The editor and its machine: their own chunk, loaded with the first 'Modifier'. */
const MessageEditor = lazy(() => import('./message-editor').then((m) => ({ default: m.MessageEditor })));

/**
 * Editing a message's text (issue 22) for a whole list: its rows' 'Modifier' opens one editor held
 * by the list, not by the row (a virtualised row leaves the page as the log scrolls or new rows
 * come: an editor inside it would take the text typed with it). Another 'Modifier' replaces it.
 */
export function useMessageEditor(): { edit: (message: ChatMessage) => void; editor: ReactNode } {
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const done = useCallback(() => setEditing(null), []);
  const editor =
    editing === null ? null : (
      <Suspense fallback={null}>
        <MessageEditor key={editing._id} message={editing} onDone={done} />
      </Suspense>
    );
  return { edit: setEditing, editor };
}
