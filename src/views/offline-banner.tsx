import { styled } from '@linaria/react';
import { APP_TEXT } from '../domain/app-text-fr';
import { mobileQuery } from './theme';
import { useConnectivity } from './use-connectivity';

/**
 * 'Hors ligne', while the app cannot reach Comptoir: one discreet line over every screen, signed in
 * or not. It is a status region that exists only while offline (announced when it appears, never
 * an empty region on the page).
 */
export function OfflineBanner() {
  const { offline, signedIn } = useConnectivity();
  if (!offline) return null;
  return (
    <Banner role="status">
      <strong>{APP_TEXT.offline}</strong>
      {signedIn ? <Detail>{APP_TEXT.offlineOutbox}</Detail> : null}
    </Banner>
  );
}

const Banner = styled.div`
  position: fixed;
  z-index: 50;
  top: 8px;
  left: 50%;
  transform: translateX(-50%);
  display: flex;
  align-items: center;
  gap: 8px;
  max-width: calc(100vw - 16px);
  white-space: nowrap;
  padding: 6px 14px;
  border-radius: 999px;
  border: 1px solid var(--border);
  background: var(--surface);
  color: var(--text);
  box-shadow: var(--shadow);
  font-size: 14px;
  line-height: 1.3;
  /* Never in the way: what lies under it stays clickable. */
  pointer-events: none;
  /* A grey dot, not an icon: the icon set is not part of the entry (initial_js_kb). */
  &::before {
    content: '';
    flex: none;
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: var(--muted);
  }
`;

const Detail = styled.span`
  color: var(--muted);
  /* A phone's top bar has no room for the sentence: only screen readers get it there. */
  ${mobileQuery} {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
