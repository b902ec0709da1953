import { styled } from '@linaria/react';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { MessagingUiProvider, type MessagingUi } from '../messaging/messaging-ui';
import { useMessagingPanelActor } from '../messaging/use-messaging-panel';
import { desktopQuery, MOBILE_MENU_HEIGHT, mobileQuery } from '../theme';
import { LiveBanner } from './live-banner';
import { LogoutDialog } from './logout-dialog';
import { InAppNotices } from './in-app-notices';
import { MobileMenu } from './mobile-menu';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';

/** The calendar and its .ics writer (ics, yup) load when it is first opened (issue 4, initial_js_kb). */
const CalendarPanel = lazy(() => import('./calendar-panel').then((m) => ({ default: m.CalendarPanel })));
// The messaging and profile panels are chunks of their own, loaded when first shown (issue 4).
const MessagingPanel = lazy(() => import('../messaging/messaging-panel').then((m) => ({ default: m.MessagingPanel })));
const ProfilePanel = lazy(() => import('../messaging/profile-panel').then((m) => ({ default: m.ProfilePanel })));

export type ShellPanels = {
  openCalendar: () => void;
  toggleMessaging: () => void;
  askLogout: () => void;
};

/**
 * The signed-in frame: side navigation, top bar, live banner and the page; the messaging panel
 * (its machine lives here, so a private message opens it on any page) and the profile panel.
 */
export function Shell({ children }: { children: ReactNode }) {
  const [panel, setPanel] = useState<'none' | 'calendar' | 'logout'>('none');
  const [calendarUsed, setCalendarUsed] = useState(false);
  const [profile, setProfile] = useState<string | null>(null);
  const messagingPanel = useMessagingPanelActor();
  const messaging = useMemo<MessagingUi>(() => ({ panel: messagingPanel, openProfile: setProfile }), [messagingPanel]);
  const closeProfile = useCallback(() => setProfile(null), []);
  const messagingShown = useSelector(messagingPanel, (s) => !s.matches('closed'));
  const panels: ShellPanels = {
    openCalendar: () => {
      setCalendarUsed(true);
      setPanel('calendar');
    },
    toggleMessaging: () => messagingPanel.send({ type: 'panel.toggle' }),
    askLogout: () => setPanel('logout'),
  };
  const close = () => setPanel('none');
  return (
    <MessagingUiProvider value={messaging}>
      <Frame>
        <SideNav panels={panels} />
        <Column>
          <TopBar panels={panels} />
          <LiveBanner />
          <Main id="contenu">{children}</Main>
        </Column>
        <MobileMenu panels={panels} />
        {calendarUsed ? (
          <Suspense fallback={null}>
            <CalendarPanel open={panel === 'calendar'} onClose={close} />
          </Suspense>
        ) : null}
        <Suspense fallback={null}>
          {messagingShown ? <MessagingPanel /> : null}
          {profile !== null ? <ProfilePanel key={profile} username={profile} ui={messaging} onClose={closeProfile} /> : null}
        </Suspense>
        <LogoutDialog open={panel === 'logout'} onClose={close} />
        <InAppNotices />
      </Frame>
    </MessagingUiProvider>
  );
}

const Frame = styled.div`
  display: grid;
  height: 100%;
  ${desktopQuery} {
    grid-template-columns: 240px 1fr;
  }
  ${mobileQuery} {
    grid-template-columns: 1fr;
    padding-bottom: ${MOBILE_MENU_HEIGHT}px;
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  min-height: 0;
`;

const Main = styled.main`
  flex: 1;
  min-height: 0;
  overflow: auto;
`;
