import { styled } from '@linaria/react';
import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { MESSAGING_TEXT } from '../../domain/messaging-text-fr';
import { TEXT } from '../../domain/text-fr';
import { unreadConversationCount$ } from '../../store/queries';
import { useApp } from '../app-context';
import { Icon } from '../common/icons';
import { mobileQuery } from '../theme';
import { useObservable } from '../use-observable';
import { useCurrentUser } from '../use-current-user';
import { GLOSSARY_URL } from './external-links';
import type { ShellPanels } from './shell';
import { UpsellPill } from './upsell-pill';

/** The top bar of spec 1 §2. */
export function TopBar({ panels }: { panels: ShellPanels }) {
  const { db } = useApp();
  const [location] = useLocation();
  const user = useCurrentUser();
  const unread$ = useMemo(() => unreadConversationCount$(db), [db]);
  const unread = useObservable(unread$, 0);
  const onAlertPage = location === '/notification' || location === '/qg';
  return (
    <Bar>
      <Left>
        {user?.settings.isNewVIP ? <Onboarding href="/formation">{TEXT.firstSteps} Comptoir</Onboarding> : null}
        {user?.canWriteNews && onAlertPage ? (
          <NewAlert href="/notification?nouvelle=1">{TEXT.newNotification}</NewAlert>
        ) : null}
        <UpsellPill />
      </Left>
      <Icons>
        <IconLink href="/socials" aria-label={TEXT.socials} title={TEXT.socials}>
          <Icon name="socials" />
        </IconLink>
        <IconAnchor href={GLOSSARY_URL} target="_blank" rel="noopener noreferrer" aria-label={TEXT.glossary} title={TEXT.glossary}>
          <Icon name="glossary" />
        </IconAnchor>
        <IconButton type="button" onClick={panels.openCalendar} aria-label={TEXT.calendar} title={TEXT.calendar}>
          <Icon name="calendar" />
        </IconButton>
        <IconButton
          type="button"
          onClick={panels.toggleMessaging}
          aria-label={unread > 0 ? `${TEXT.messaging} (${MESSAGING_TEXT.unreadConversations(unread)})` : TEXT.messaging}
          title={TEXT.messaging}
        >
          <Icon name="messages" />
          {unread > 0 ? <Badge data-testid="unread-conversations">{unread}</Badge> : null}
        </IconButton>
        <IconLink href="/contact" aria-label={TEXT.contact} title={TEXT.contact}>
          <Icon name="contact" />
        </IconLink>
        <Avatar href="/profil" aria-label={TEXT.myProfile} title={TEXT.myProfile}>
          {user?.metadata.picture ? (
            <img src={user.metadata.picture.url} alt="" width={34} height={34} />
          ) : (
            <span aria-hidden="true">{(user?.username ?? '?').slice(0, 1).toUpperCase()}</span>
          )}
        </Avatar>
      </Icons>
    </Bar>
  );
}

const Bar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: 60px;
  padding: 8px 20px;
  background: var(--surface);
  border-bottom: 1px solid var(--border);
  ${mobileQuery} {
    padding: 8px 12px;
  }
`;

const Left = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  flex-wrap: wrap;
  min-width: 0;
`;

const Onboarding = styled(Link)`
  font-weight: 600;
  color: var(--gold);
  text-decoration: none;
`;

const NewAlert = styled(Link)`
  padding: 6px 14px;
  border-radius: 999px;
  background: var(--accent);
  color: var(--accent-contrast);
  font-weight: 600;
  text-decoration: none;
`;

const Icons = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
`;

const iconStyle = `
  position: relative;
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  border: none;
  background: none;
  color: var(--text);
  cursor: pointer;
  &:hover {
    background: var(--surface-2);
  }
`;
const IconLink = styled(Link)`
  ${iconStyle}
`;
const IconAnchor = styled.a`
  ${iconStyle}
  ${mobileQuery} {
    display: none;
  }
`;
const IconButton = styled.button`
  ${iconStyle}
`;

const Badge = styled.span`
  position: absolute;
  top: 2px;
  right: 0;
  min-width: 18px;
  height: 18px;
  padding: 0 5px;
  border-radius: 9px;
  background: var(--danger);
  color: var(--danger-contrast);
  font-size: 11px;
  font-weight: 700;
  line-height: 18px;
`;

const Avatar = styled(Link)`
  display: inline-grid;
  place-items: center;
  width: 36px;
  height: 36px;
  margin-left: 6px;
  border-radius: 50%;
  overflow: hidden;
  background: var(--accent-soft);
  color: var(--accent);
  font-weight: 700;
  text-decoration: none;
  & img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
