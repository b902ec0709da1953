import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { EMPTY, switchMap } from 'rxjs';
import { toast } from '../common/toast';
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { hasAnySubscription } from '../../domain/subscriptions';
import { messagingPanelMachine, type ChatTarget, type ContactUser } from '../../machines/messaging-panel-machine';
import { conversationsQuery } from '../../store/messaging-queries';
import { TEXT } from '../../domain/text-fr';
import { useApp } from '../app-context';
import { useChat } from '../chat/use-chat';
import { useCurrentUser } from '../use-current-user';
import { useMessaging } from './use-messaging';

/**
 * The messaging panel machine of the signed-in shell, its effects bound to the chat and
 * messaging syncs: it lives as long as the shell, so a private message opens the panel wherever
 * the member is.
 */
export function useMessagingPanelActor(): ActorRefFrom<typeof messagingPanelMachine> {
  const services = useApp();
  const chat = useChat();
  const messaging = useMessaging();
  const chatRef = useRef(chat);
  chatRef.current = chat;
  const messagingRef = useRef(messaging);
  messagingRef.current = messaging;
  const user = useCurrentUser();
  // Read when the member's record changes; no clock ticking in the shell for a rare expiry.
  const hasAccess = user !== null && hasAnySubscription(user, services.now());

  const currentMessaging = () => {
    const current = messagingRef.current;
    if (!current) throw new Error(TEXT.requestFailed);
    return current;
  };

  const actor = useActorRef(
    messagingPanelMachine.provide({
      actors: {
        inbox: fromCallback(({ sendBack }) => {
          const known = conversationsQuery(services.db).$.subscribe((docs) => sendBack({ type: 'conversations.changed', ids: docs.map((d) => d._id) }));
          // The messaging sync is remade with each session: follow whichever is current.
          const inbox = services.messaging.pipe(switchMap((current) => current?.inbox$ ?? EMPTY)).subscribe((event) => sendBack(event));
          return () => {
            known.unsubscribe();
            inbox.unsubscribe();
          };
        }),
        searchContacts: fromPromise<ContactUser[], { query: string }>(({ input }) => currentMessaging().searchContacts(input.query)),
        findSupport: fromPromise<ChatTarget>(() => currentMessaging().findSupport()),
      },
      actions: {
        joinConversation: (_, { conversationId }) => void chatRef.current?.openConversation(conversationId),
        leaveConversation: (_, { conversationId }) => chatRef.current?.closeConversation(conversationId),
        markRead: (_, { conversationId }) => void messagingRef.current?.markRead(conversationId),
        incrementUnread: (_, { conversationId, unreadMessages }) => void messagingRef.current?.incrementUnread(conversationId, unreadMessages),
        refetchConversations: () => void messagingRef.current?.refreshConversations(),
        reportError: (_, { message }) => void toast.error(message),
      },
    }),
    { input: { hasAccess } },
  );
  useEffect(() => actor.send({ type: 'access.changed', hasAccess }), [actor, hasAccess]);
  return actor;
}
