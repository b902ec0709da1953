import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { MessagingPanelMachine } from '../../machines/messaging-panel-machine';

/**
 * What any view may do with the shell's messaging: send to the messaging panel machine, or open
 * a member's profile panel. Null outside the shell, where neither exists.
 */
export type MessagingUi = {
  panel: ActorRefFrom<MessagingPanelMachine>;
  openProfile: (username: string) => void;
};

const MessagingUiContext = createContext<MessagingUi | null>(null);

export function MessagingUiProvider({ value, children }: { value: MessagingUi; children: ReactNode }) {
  return <MessagingUiContext.Provider value={value}>{children}</MessagingUiContext.Provider>;
}

export function useMessagingUi(): MessagingUi | null {
  return useContext(MessagingUiContext);
}
