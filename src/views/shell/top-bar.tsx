import { styled } from '@linaria/react';
import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { MESSAGING_TEXT } from '../../domain/messaging-text-fr';
import { TEXT } from '../../domain/text-fr';
import { unreadConversationCount$ } from '../../store/queries';
import { useApp } from '../app-context';
import { Icon } from '../common/icons';
import { visuallyHidden } from '../common/visually-hidden';
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
          <NewAlert href="/notification?nouvelle=1">
            <Icon name="edit" size={18} />
            <span>{TEXT.newNotification}</span>
          </NewAlert>
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
        <IconButton type="button" onClick={panels.openCalendar} aria-label={TEXT.calendar} title={TEXT.calendar} data-in-menu="">
          <Icon name="calendar" />
        </IconButton>
        {/* Named by its (hidden) text, not aria-label: the badge's number is visible text the name must hold. */}
        <IconButton type="button" onClick={panels.toggleMessaging} title={TEXT.messaging}>
          <Icon name="messages" />
          <span className={visuallyHidden}>{unread > 0 ? `${TEXT.messaging} (${MESSAGING_TEXT.unreadConversations(unread)})` : TEXT.messaging}</span>
          {unread > 0 ? (
            <Badge data-testid="unread-conversations" aria-hidden="true">
              {unread}
            </Badge>
          ) : null}
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

/** One line at every width: on a phone the calendar moves to the menu's 'Plus', labels shrink to icons. */
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
    gap: 6px;
    padding: 6px 8px;
  }
`;

const Left = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  flex-wrap: wrap;
  min-width: 0;
  ${mobileQuery} {
    flex-wrap: nowrap;
    gap: 6px;
  }
`;

/** On the narrowest phones it moves to the menu's 'Plus' sheet, leaving the line to the pill. */
const Onboarding = styled(Link)`
  font-weight: 600;
  color: var(--gold);
  text-decoration: none;
  ${mobileQuery} {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    font-size: 13px;
    line-height: 1.2;
  }
  @media (max-width: 480px) {
    display: none;
  }
`;

const NewAlert = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 6px 14px;
  border-radius: 999px;
  background: var(--accent);
  color: var(--accent-contrast);
  font-weight: 600;
  text-decoration: none;
  & svg {
    display: none;
  }
  ${mobileQuery} {
    flex: none;
    justify-content: center;
    width: 44px;
    height: 44px;
    padding: 0;
    & svg {
      display: block;
    }
    & span {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  }
`;

const Icons = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
  flex: none;
  ${mobileQuery} {
    gap: 0;
  }
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
  ${mobileQuery} {
    width: 44px;
    height: 44px;
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
  @media (max-width: 480px) {
    &[data-in-menu] {
      display: none;
    }
  }
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
  ${mobileQuery} {
    width: 44px;
    height: 44px;
    margin-left: 2px;
  }
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
