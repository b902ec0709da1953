/** Side navigation of spec 1 §2, plus 'Chat' right after 'Accueil' (our decision: spec 2 names no route). */
export type NavItem = { label: string; path: string; mobileOnly: boolean; icon: NavIcon };
export type NavIcon = 'home' | 'chat' | 'bell' | 'hq' | 'news' | 'replay' | 'formation' | 'life' | 'tools';

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Accueil', path: '/', mobileOnly: false, icon: 'home' },
  { label: 'Chat', path: '/chat', mobileOnly: false, icon: 'chat' },
  { label: 'Notifications', path: '/notification', mobileOnly: true, icon: 'bell' },
  { label: 'QG', path: '/qg', mobileOnly: true, icon: 'hq' },
  { label: 'Actualités', path: '/news', mobileOnly: false, icon: 'news' },
  { label: 'Replays', path: '/replay', mobileOnly: true, icon: 'replay' },
  { label: 'Formations', path: '/formation', mobileOnly: false, icon: 'formation' },
  { label: 'Life', path: '/life', mobileOnly: false, icon: 'life' },
  { label: 'Toolbox', path: '/tools', mobileOnly: false, icon: 'tools' },
];

/** An entry is current on its own path and below it ('/' only on itself). */
export const isCurrentNav = (item: NavItem, location: string): boolean =>
  item.path === '/' ? location === '/' : location === item.path || location.startsWith(`${item.path}/`);
