import { styled } from '@linaria/react';
import { useEffect, useState } from 'react';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { kv$ } from '../../store/chat-queries';
import { likersKey, type LikersState } from '../../sync/chat-sync';
import { Dialog } from '../common/dialog';
import { ErrorText } from '../common/ui';
import { useMessagingUi } from '../messaging/messaging-ui';
import { useChat } from './use-chat';
import { useQuery } from '../common/use-query';

/**
 * Who liked a message (spec 2 §2 "Other"): each opens their profile panel, but the viewer, who
 * cannot open their own profile from here (spec 2 §6).
 */
export function LikersDialog(props: { messageId: string; viewerId: number; onClose: () => void }) {
  const chat = useChat();
  const ui = useMessagingUi();
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const likers = useQuery((db) => kv$<LikersState>(db, likersKey(props.messageId)), [props.messageId], null);
  useEffect(() => {
    void chat?.loadLikers(props.messageId).then(setError);
  }, [chat, props.messageId]);
  return (
    <Dialog title={CHAT_TEXT.likersTitle} open onClose={props.onClose}>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      <List>
        {(likers?.users ?? []).map((user) => (
          <li key={user.id}>
            {user.id === props.viewerId || !ui ? (
              `${user.username}${user.id === props.viewerId ? ' (vous)' : ''}`
            ) : (
              <NameButton
                type="button"
                onClick={() => {
                  props.onClose();
                  ui.openProfile(user.username);
                }}
              >
                {user.username}
              </NameButton>
            )}
          </li>
        ))}
      </List>
      {likers?.cursor ? (
        <LoadMore
          type="button"
          disabled={loadingMore}
          onClick={() => {
            setLoadingMore(true);
            void chat?.loadLikers(props.messageId, true).then((failure) => {
              setError(failure);
              setLoadingMore(false);
            });
          }}
        >
          {CHAT_TEXT.loadMore}
        </LoadMore>
      ) : null}
    </Dialog>
  );
}

const List = styled.ul`
  margin: 0;
  padding-left: 18px;
  max-height: 275px;
  overflow-y: auto;
`;
const LoadMore = styled.button`
  min-height: 44px;
  margin-top: 8px;
  padding: 0 4px;
  border: none;
  background: none;
  color: var(--accent);
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
`;
const NameButton = styled.button`
  padding: 0;
  border: none;
  background: none;
  color: var(--accent);
  font: inherit;
  cursor: pointer;
  &:hover {
    text-decoration: underline;
  }
`;
