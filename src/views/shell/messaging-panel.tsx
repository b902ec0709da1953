import { styled } from '@linaria/react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { hasAnySubscription } from '../../domain/subscriptions';
import { TEXT } from '../../domain/text-fr';
import { useApp } from '../app-context';
import { Dialog, DialogActions } from '../common/dialog';
import { Button, buttonClass } from '../common/ui';
import { useObservable } from '../use-observable';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';

/**
 * The Messagerie toggle: the messaging panel for members holding a subscription (3, 4 or 6), an
 * access prompt otherwise (spec 1 §6). Conversations themselves arrive with the messaging issue.
 */
export function MessagingPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useCurrentUser();
  const now = useNow();
  if (!open) return null;
  if (user && !hasAnySubscription(user, now)) return <AccessPrompt onClose={onClose} />;
  return <ConversationsSlideIn onClose={onClose} />;
}

export function AccessPrompt({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={TEXT.noMessagingAccessTitle} open onClose={onClose}>
      <p>{TEXT.noMessagingAccess}</p>
      <DialogActions>
        <Button variant="ghost" type="button" onClick={onClose}>
          {TEXT.close}
        </Button>
        <Link className={buttonClass} href="/profil/abonnements" onClick={onClose}>
          {TEXT.seeOffers}
        </Link>
      </DialogActions>
    </Dialog>
  );
}

function ConversationsSlideIn({ onClose }: { onClose: () => void }) {
  const { db } = useApp();
  const conversations$ = useMemo(
    () => db.conversations.find({ sort: [{ lastUpdated: 'desc' }], limit: 50 }).$,
    [db],
  );
  const conversations = useObservable(conversations$, []);
  return (
    <Dialog title={TEXT.messaging} open onClose={onClose} wide>
      {conversations.length === 0 ? (
        <Empty>{TEXT.emptyConversations}</Empty>
      ) : (
        <ul>
          {conversations.map((c) => (
            <li key={c._id}>{c.users.map((u) => u.username).join(', ')}</li>
          ))}
        </ul>
      )}
      <DialogActions>
        <Button variant="ghost" type="button" onClick={onClose}>
          {TEXT.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const Empty = styled.p`
  color: var(--muted);
`;
