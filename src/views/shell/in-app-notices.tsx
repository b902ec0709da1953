import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { inboxHref } from '../../domain/inbox';
import type { ChatNotice } from '../../sync/notices';
import { toast } from '../common/toast';
import { useChat } from '../chat/use-chat';

/**
 * In-app notices (issue 22): a mention of the member or a reply in a thread they follow, in a room
 * that is not on screen, said as a toast with 'Ouvrir' (the room at the message). The data layer
 * decides what is said (src/sync/notices.ts); the French loads with the first notice.
 */
export function InAppNotices() {
  const chat = useChat();
  const [, navigate] = useLocation();
  const go = useRef(navigate);
  go.current = navigate;
  useEffect(() => {
    if (!chat) return;
    const subscription = chat.notices$.subscribe((notice) => void say(notice, (href) => go.current(href)));
    return () => subscription.unsubscribe();
  }, [chat]);
  return null;
}

async function say(notice: ChatNotice, open: (href: string) => void): Promise<void> {
  const { NOTICE_TEXT } = await import('../../domain/notification-text-fr');
  const href = inboxHref({ roomName: notice.roomName, message: notice.kind === 'mention' ? (notice.parentMessage ?? notice.message) : notice.parentMessage });
  const [title, body] =
    notice.kind === 'mention'
      ? [NOTICE_TEXT.mentionTitle(notice.roomName), NOTICE_TEXT.line(notice.author, notice.excerpt)]
      : [NOTICE_TEXT.replyTitle(notice.roomName), NOTICE_TEXT.thread(notice.excerpt)];
  toast.notice(title, body, { label: NOTICE_TEXT.open, onClick: () => open(href) });
}
