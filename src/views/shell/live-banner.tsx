import { styled } from '@linaria/react';
import { useState } from 'react';
import type { PlanningItem } from '../../contract/planning';
import { currentLives, formatLiveHours, liveAccess, liveBannerTitle } from '../../domain/live-window';
import { TEXT } from '../../domain/text-fr';
import { useApp } from '../app-context';
import { Dialog, DialogActions } from '../common/dialog';
import { Icon } from '../common/icons';
import { Button } from '../common/ui';
import { useNow } from '../use-now';
import { AccessPrompt } from './access-prompt';
import { usePlanning } from './use-planning';

/** 'LIVE EN COURS' from 15 minutes before a live until its end (spec 1 §2, spec 3 §2). */
export function LiveBanner() {
  const now = useNow(15_000);
  const lives = currentLives(usePlanning(), now);
  const { live } = useApp();
  const [chooser, setChooser] = useState(false);
  const [denied, setDenied] = useState(false);
  if (lives.length === 0) return null;
  const single = lives.length === 1 ? lives[0] : undefined;

  async function join(items: readonly PlanningItem[]) {
    const access = liveAccess(items);
    if (access.kind === 'chooser') return setChooser(true);
    if (access.kind === 'direct') return void window.open(access.url, '_blank', 'noopener');
    if (access.kind === 'unavailable') return window.alert(TEXT.liveUnavailable);
    // Open the tab in the click's own turn so the browser does not block it, then point it at the link.
    const tab = window.open('about:blank', '_blank');
    const answer = await live.requestLink(access.roomId);
    if (answer.ok) {
      if (tab) tab.location.href = answer.data.loginUrl;
      else window.location.assign(answer.data.loginUrl);
      return;
    }
    tab?.close();
    if (answer.error === 'NOT_ALLOWED') setDenied(true);
    else window.alert(answer.error);
  }

  return (
    <Banner role="region" aria-label={liveBannerTitle(lives.length)}>
      <Dot aria-hidden="true" />
      <strong>{liveBannerTitle(lives.length)}</strong>
      {single ? (
        <span>
          {single.attributes.name} · {formatLiveHours(single)} · {single.attributes.speaker}
        </span>
      ) : (
        <span>{lives.map((l) => l.attributes.name).join(' · ')}</span>
      )}
      <Join type="button" onClick={() => void join(lives)}>
        <Icon name="live" size={18} />
        {TEXT.liveAccess}
      </Join>
      <Dialog title={TEXT.liveChooserTitle} open={chooser} onClose={() => setChooser(false)}>
        <Choices>
          {lives.map((item) => (
            <li key={item.id}>
              <span>
                {item.attributes.name} · {formatLiveHours(item)} · {item.attributes.speaker}
              </span>
              <Button
                type="button"
                onClick={() => {
                  setChooser(false);
                  void join([item]);
                }}
              >
                {TEXT.liveAccess}
              </Button>
            </li>
          ))}
        </Choices>
        <DialogActions>
          <Button variant="ghost" type="button" onClick={() => setChooser(false)}>
            {TEXT.close}
          </Button>
        </DialogActions>
      </Dialog>
      {denied ? <AccessPrompt onClose={() => setDenied(false)} /> : null}
    </Banner>
  );
}

const Banner = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 10px;
  padding: 10px 20px;
  background: linear-gradient(90deg, var(--live), #b71c1c);
  color: var(--live-contrast);
  & strong {
    letter-spacing: 0.06em;
  }
`;

const Dot = styled.span`
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: #fff;
  animation: pulse 1.4s ease-in-out infinite;
  @keyframes pulse {
    50% {
      opacity: 0.3;
    }
  }
`;

const Join = styled.button`
  margin-left: auto;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 6px 16px;
  border-radius: 999px;
  border: none;
  background: #fff;
  color: #b71c1c;
  font-weight: 700;
  cursor: pointer;
`;

const Choices = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  & li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
  }
`;
