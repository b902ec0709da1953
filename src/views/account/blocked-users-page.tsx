import { styled } from '@linaria/react';
import { memo, useEffect, useMemo, useState } from 'react';
import { Virtuoso } from 'react-virtuoso';
import { toast } from '../common/toast';
import type { ConversationUser } from '../../contract/messaging';
import { BLOCKED_TEXT } from '../../domain/messaging-text-fr';
import { kv$ } from '../../store/chat-queries';
import { BLOCKED_USERS_KEY } from '../../sync/messaging-sync';
import { useQuery } from '../common/use-query';
import { ErrorText } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { Avatar } from '../messaging/avatar';
import { useMessaging } from '../messaging/use-messaging';
import { useNow } from '../use-now';
import { frenchFormat } from '../../domain/dates-fr';

const day = frenchFormat({ day: 'numeric', month: 'long', year: 'numeric' });

/**
 * `/profil/blocked` (spec 3 §2): the members the viewer blocked, each with 'Débloquer'
 * ('{name} a été débloqué', or 'Une erreur est survenue' and the member back in the list).
 */
export function BlockedUsersPage() {
  const messaging = useMessaging();
  const users = useQuery((db) => kv$<ConversationUser[]>(db, BLOCKED_USERS_KEY), [], null);
  const [error, setError] = useState<string | null>(null);
  usePageTitle(BLOCKED_TEXT.title);
  useEffect(() => {
    void messaging?.loadBlocked().then(setError);
  }, [messaging]);
  // The spec shows today's date for every block.
  const today = day(useNow());
  const since = useMemo(() => BLOCKED_TEXT.since(today), [today]);

  return (
    <Page>
      <h1>{BLOCKED_TEXT.title}</h1>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      {users === null ? null : users.length === 0 ? (
        <Muted>{BLOCKED_TEXT.empty}</Muted>
      ) : (
        <List aria-label={BLOCKED_TEXT.title}>
          <Virtuoso
            useWindowScroll
            data={users}
            computeItemKey={(_, user) => user._id}
            itemContent={(_, user) => <BlockedRow user={user} since={since} />}
          />
        </List>
      )}
    </Page>
  );
}

const BlockedRow = memo(function BlockedRow({ user, since }: { user: ConversationUser; since: string }) {
  const messaging = useMessaging();
  async function unblock() {
    if (!messaging) return;
    const error = await messaging.unblock(user);
    if (error) toast.error(error);
    else toast.success(BLOCKED_TEXT.unblocked(user.username));
  }
  return (
    <Row aria-label={user.username}>
      <Avatar user={user} size={40} />
      <span>
        <strong>{user.username}</strong>
        <small>{since}</small>
      </span>
      <button type="button" disabled={!messaging} onClick={() => void unblock()}>
        {BLOCKED_TEXT.unblock}
      </button>
    </Row>
  );
});

const Page = styled.div`
  padding: 24px 32px;
  max-width: 640px;
`;
const Muted = styled.p`
  color: var(--muted);
`;
const List = styled.section`
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
`;
const Row = styled.article`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px 16px;
  border-bottom: 1px solid var(--border);
  & > span {
    flex: 1;
    display: grid;
  }
  & small {
    color: var(--muted);
  }
  & button {
    padding: 6px 12px;
    border-radius: 8px;
    border: 1px solid var(--border);
    background: transparent;
    color: var(--text);
    font: inherit;
    cursor: pointer;
  }
`;
