import { styled } from '@linaria/react';
import { useEffect, useState } from 'react';
import { toast } from '../common/toast';
import type { FollowingsRecord } from '../../contract/messaging';
import { PROFILE_TEXT } from '../../domain/messaging-text-fr';
import { kv$ } from '../../store/chat-queries';
import { FOLLOWINGS_KEY } from '../../sync/message-state';
import { profileKey, type ProfileEntry } from '../../sync/messaging-sync';
import { ConfirmDialog } from '../chat/confirm-dialog';
import { useQuery } from '../common/use-query';
import { MentionBadge } from '../common/panel-header';
import { SideSheet } from '../common/side-sheet';
import { buttonClass } from '../common/ui';
import { useCurrentUser } from '../use-current-user';
import { Avatar } from './avatar';
import type { MessagingUi } from './messaging-ui';
import { useMessaging } from './use-messaging';

/**
 * A member's profile side panel (spec 2 §2, §4, §5): Message (disabled for a blocked member;
 * the panel closes once the chat is started), follow and block toggles that change the store at
 * once and roll back with 'Une erreur est survenue' if the call fails, and the report with its
 * confirmation and thanks (no call). An unknown pseudo gives 'Ce profil n'existe pas'.
 */
export function ProfilePanel({ username, ui, onClose }: { username: string; ui: MessagingUi; onClose: () => void }) {
  const messaging = useMessaging();
  const me = useCurrentUser();
  const entry = useQuery((db) => kv$<ProfileEntry>(db, profileKey(username)), [username], null);
  const followings = useQuery((db) => kv$<FollowingsRecord>(db, FOLLOWINGS_KEY), [], null);
  const [reporting, setReporting] = useState(false);

  useEffect(() => {
    if (!messaging) return;
    let current = true;
    void messaging.loadProfile(username).then((error) => {
      if (!current || error === null) return;
      toast.error(error);
      if (error === PROFILE_TEXT.notFound) onClose();
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one lookup per profile shown
  }, [messaging, username]);

  const user = entry?.status === 'found' ? entry.user : null;
  const mine = user !== null && me !== null && user.id === me.id;
  const blocked = user !== null && (followings?.blocked.includes(user._id) ?? false);
  const following = user !== null && (followings?.followings.includes(user._id) ?? false);
  const contact = user ? { _id: user._id, username: user.username, picture: user.picture } : null;

  async function message() {
    if (!messaging || !contact) return;
    await messaging.rememberContact(contact);
    ui.panel.send({ type: 'conversation.openWithUser', userId: contact._id, conversationId: await messaging.conversationWith(contact._id) });
    onClose();
  }

  return (
    <SideSheet title={PROFILE_TEXT.title(username)} closeLabel={PROFILE_TEXT.close} onClose={onClose} width="narrow" over back={false}>
      {user === null || contact === null ? (
        <Muted>{PROFILE_TEXT.loading}</Muted>
      ) : (
        <Body>
          <Identity>
            <Avatar user={contact} size={72} />
            <strong>{user.username}</strong>
            {user.mention ? <MentionBadge>{user.mention}</MentionBadge> : null}
            {user.firstName || user.lastName ? <span>{`${user.firstName} ${user.lastName}`.trim()}</span> : null}
          </Identity>
          {user.description ? <Description>{user.description}</Description> : null}
          {mine ? null : (
            <Actions>
              <button type="button" className={buttonClass} disabled={blocked || !user.canMessage || !messaging} onClick={() => void message()}>
                {PROFILE_TEXT.message}
              </button>
              <Toggle on={following} labels={[PROFILE_TEXT.follow, PROFILE_TEXT.unfollow]} disabled={!messaging} onToggle={() => messaging?.toggleFollow(user._id)} />
              <Toggle
                on={blocked}
                labels={[PROFILE_TEXT.block, PROFILE_TEXT.unblock]}
                disabled={!messaging}
                onToggle={() => (blocked ? messaging?.unblock(contact) : messaging?.block(contact))}
              />
              <button type="button" className={buttonClass} data-variant="danger" onClick={() => setReporting(true)}>
                {PROFILE_TEXT.report}
              </button>
            </Actions>
          )}
        </Body>
      )}
      <ConfirmDialog
        question={reporting ? PROFILE_TEXT.reportQuestion : null}
        onAnswer={(yes) => {
          setReporting(false);
          if (yes) toast.success(PROFILE_TEXT.reportThanks);
        }}
      />
    </SideSheet>
  );
}

/** A profile toggle (follow, block): pressed while on; a failed call's error is shown (the store rolls back). */
function Toggle(props: { on: boolean; labels: [off: string, on: string]; disabled: boolean; onToggle: () => Promise<string | null> | undefined }) {
  return (
    <button
      type="button"
      className={buttonClass}
      data-variant="ghost"
      aria-pressed={props.on}
      disabled={props.disabled}
      onClick={() => void props.onToggle()?.then((error) => error && toast.error(error))}
    >
      {props.on ? props.labels[1] : props.labels[0]}
    </button>
  );
}

const Muted = styled.p`
  margin: 16px;
  color: var(--muted);
`;
const Body = styled.div`
  padding: 16px;
  overflow-y: auto;
`;
const Identity = styled.div`
  display: grid;
  justify-items: center;
  gap: 6px;
  text-align: center;
`;
const Description = styled.p`
  white-space: pre-wrap;
  color: var(--muted);
`;
const Actions = styled.div`
  display: grid;
  gap: 8px;
  margin-top: 16px;
`;
