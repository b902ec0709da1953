import { styled } from '@linaria/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { desktopQuery, MOBILE_MENU_HEIGHT, mobileQuery } from '../theme';
import { LiveBanner } from './live-banner';
import { LogoutDialog } from './logout-dialog';
import { MessagingPanel } from './messaging-panel';
import { MobileMenu } from './mobile-menu';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';

/** The calendar and its .ics writer (ics, yup) load when it is first opened (issue 4, initial_js_kb). */
const CalendarPanel = lazy(() => import('./calendar-panel').then((m) => ({ default: m.CalendarPanel })));

export type ShellPanels = {
  openCalendar: () => void;
  toggleMessaging: () => void;
  askLogout: () => void;
};

/** The signed-in frame: side navigation, top bar, live banner and the page. */
export function Shell({ children }: { children: ReactNode }) {
  const [panel, setPanel] = useState<'none' | 'calendar' | 'messaging' | 'logout'>('none');
  const [calendarUsed, setCalendarUsed] = useState(false);
  const panels: ShellPanels = {
    openCalendar: () => {
      setCalendarUsed(true);
      setPanel('calendar');
    },
    toggleMessaging: () => setPanel((p) => (p === 'messaging' ? 'none' : 'messaging')),
    askLogout: () => setPanel('logout'),
  };
  const close = () => setPanel('none');
  return (
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
      <MessagingPanel open={panel === 'messaging'} onClose={close} />
      <LogoutDialog open={panel === 'logout'} onClose={close} />
    </Frame>
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
