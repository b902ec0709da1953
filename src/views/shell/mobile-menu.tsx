import { styled } from '@linaria/react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { TEXT } from '../../domain/text-fr';
import { Icon } from '../common/icons';
import { useCurrentUser } from '../use-current-user';
import { desktopQuery, MOBILE_MENU_HEIGHT } from '../theme';
import { isCurrentNav, NAV_ITEMS } from './nav-items';
import type { ShellPanels } from './shell';
import { ExtraItems } from './side-nav';

/** Below 900px: a 63px menu bar with every entry (mobile-only ones included) and a 'Plus' sheet. */
export function MobileMenu({ panels }: { panels: ShellPanels }) {
  const [location] = useLocation();
  const [moreOpen, setMoreOpen] = useState(false);
  const onboarding = useCurrentUser()?.settings.isNewVIP ?? false;
  const close = () => setMoreOpen(false);
  const closing: ShellPanels = {
    openCalendar: () => (close(), panels.openCalendar()),
    toggleMessaging: () => (close(), panels.toggleMessaging()),
    askLogout: () => (close(), panels.askLogout()),
  };
  return (
    <Bar aria-label="Menu mobile">
      <Scroller>
        {NAV_ITEMS.map((item) => (
          <Entry key={item.path} href={item.path} aria-current={isCurrentNav(item, location) ? 'page' : undefined}>
            <Icon name={item.icon} size={20} />
            <span>{item.label}</span>
          </Entry>
        ))}
        <MoreButton type="button" aria-expanded={moreOpen} onClick={() => setMoreOpen((o) => !o)}>
          <Icon name="menu" size={20} />
          <span>Plus</span>
        </MoreButton>
      </Scroller>
      {moreOpen ? (
        <Sheet>
          {/* The top bar has no room for it on the narrowest phones. */}
          {onboarding ? (
            <Onboarding href="/formation" onClick={close}>
              <Icon name="formation" size={20} />
              {TEXT.firstSteps} Comptoir
            </Onboarding>
          ) : null}
          <ExtraItems panels={closing} />
        </Sheet>
      ) : null}
    </Bar>
  );
}

const Bar = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  height: ${MOBILE_MENU_HEIGHT}px;
  background: var(--surface);
  border-top: 1px solid var(--border);
  z-index: 20;
  ${desktopQuery} {
    display: none;
  }
`;

const Scroller = styled.div`
  display: flex;
  height: 100%;
  overflow-x: auto;
`;

const entryStyle = `
  flex: 0 0 auto;
  min-width: 64px;
  min-height: 44px;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  padding: 0 8px;
  font-size: 11px;
  color: var(--muted);
  text-decoration: none;
  background: none;
  border: none;
  cursor: pointer;
  &[aria-current='page'] {
    color: var(--accent);
    font-weight: 700;
  }
`;
const Entry = styled(Link)`
  ${entryStyle}
`;
const MoreButton = styled.button`
  ${entryStyle}
`;

const Onboarding = styled(Link)`
  display: none;
  @media (max-width: 480px) {
    display: flex;
    align-items: center;
    gap: 12px;
    min-height: 44px;
    padding: 0 12px;
    color: var(--gold);
    font-weight: 600;
    text-decoration: none;
  }
`;

const Sheet = styled.div`
  position: absolute;
  right: 8px;
  bottom: calc(100% + 8px);
  width: 260px;
  padding: 8px;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  box-shadow: var(--shadow);
`;
