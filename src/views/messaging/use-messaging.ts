import type { MessagingSync } from '../../sync/messaging-sync';
import { useApp } from '../app-context';
import { useObservable } from '../use-observable';

/** The current messaging sync (null until the session is ready): views send their intents to it. */
export function useMessaging(): MessagingSync | null {
  const { messaging } = useApp();
  return useObservable(messaging, messaging.value);
}
