import { BehaviorSubject } from 'rxjs';
import type { ChatSync } from '../../sync/chat-sync';
import { useOptionalApp } from '../app-context';
import { useObservable } from '../use-observable';

/** The current chat sync (null until the session is ready): views send their intents to it. */
export function useChat(): ChatSync | null {
  const chat = useOptionalApp()?.chat ?? null;
  return useObservable<ChatSync | null>(chat ?? NO_CHAT, chat?.value ?? null);
}
/** Before the data layer (the first paint's rows): no chat to send to. */
const NO_CHAT = new BehaviorSubject<ChatSync | null>(null);
