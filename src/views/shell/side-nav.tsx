import { css } from '@linaria/core';
import { styled } from '@linaria/react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { TEXT } from '../../domain/text-fr';
import { useApp } from '../app-context';
import { BrandLink } from '../common/brand';
import { Icon } from '../common/icons';
import { applyTheme, mobileQuery, readTheme, type Theme } from '../theme';
import { HELP_URL } from './external-links';
import { isCurrentNav, NAV_ITEMS } from './nav-items';
import type { ShellPanels } from './shell';

/** Desktop side navigation: the spec's entries (mobile-only ones hidden) and the extra items. */
export function SideNav({ panels }: { panels: ShellPanels }) {
  const [location] = useLocation();
  return (
    <Nav aria-label={TEXT.mainNavigation}>
      <BrandLink className={logo} />
      <List>
        {NAV_ITEMS.filter((item) => !item.mobileOnly).map((item) => (
          <li key={item.path}>
            <NavLink href={item.path} aria-current={isCurrentNav(item, location) ? 'page' : undefined}>
              <Icon name={item.icon} />
              {item.label}
            </NavLink>
          </li>
        ))}
      </List>
      <ExtraItems panels={panels} />
    </Nav>
  );
}

/** Calendrier, Aide, theme, Messagerie and logout: shared by the side navigation and the mobile menu. */
export function ExtraItems({ panels }: { panels: ShellPanels }) {
  const { storage } = useApp();
  const [theme, setTheme] = useState<Theme>(() => readTheme(storage));
  const toggleTheme = () => {
    const next: Theme = theme === 'light' ? 'dark' : 'light';
    applyTheme(next, storage);
    setTheme(next);
  };
  return (
    <List data-extra>
      <li>
        <ItemButton type="button" onClick={panels.openCalendar}>
          <Icon name="calendar" />
          {TEXT.calendar}
        </ItemButton>
      </li>
      <li>
        <NavAnchor href={HELP_URL} target="_blank" rel="noopener noreferrer">
          <Icon name="help" />
          {TEXT.help}
        </NavAnchor>
      </li>
      <li>
        <ItemButton type="button" onClick={toggleTheme} aria-pressed={theme === 'dark'}>
          <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
          {theme === 'dark' ? TEXT.themeToLight : TEXT.themeToDark}
        </ItemButton>
      </li>
      <li>
        <ItemButton type="button" onClick={panels.toggleMessaging}>
          <Icon name="messages" />
          {TEXT.messaging}
        </ItemButton>
      </li>
      <li>
        <ItemButton type="button" onClick={panels.askLogout}>
          <Icon name="logout" />
          {TEXT.logout}
        </ItemButton>
      </li>
    </List>
  );
}

const Nav = styled.nav`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 20px 12px;
  background: var(--surface);
  border-right: 1px solid var(--border);
  overflow-y: auto;
  ${mobileQuery} {
    display: none;
  }
`;

const logo = css`
  padding: 4px 12px 16px;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 2px;
  &[data-extra] {
    margin-top: auto;
    padding-top: 12px;
    border-top: 1px solid var(--border);
  }
`;

const itemStyle = `
  display: flex;
  align-items: center;
  gap: 12px;
  width: 100%;
  padding: 10px 12px;
  border-radius: 8px;
  border: none;
  background: none;
  color: var(--text);
  text-decoration: none;
  font-weight: 500;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: var(--surface-2);
  }
  &[aria-current='page'] {
    background: var(--accent-soft);
    color: var(--accent);
    font-weight: 700;
  }
  ${mobileQuery} {
    min-height: 44px;
  }
`;

const NavLink = styled(Link)`
  ${itemStyle}
`;
const NavAnchor = styled.a`
  ${itemStyle}
`;
const ItemButton = styled.button`
  ${itemStyle}
`;
