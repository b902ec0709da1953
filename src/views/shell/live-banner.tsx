import { styled } from '@linaria/react';
import { currentLives, formatLiveHours, liveBannerTitle } from '../../domain/live-window';
import { TEXT } from '../../domain/text-fr';
import { Icon } from '../common/icons';
import { useLiveJoin } from '../lives/live-join';
import { useNow } from '../use-now';
import { usePlanning } from './use-planning';

/** 'LIVE EN COURS' from 15 minutes before a live until its end (spec 1 §2, spec 3 §2). */
export function LiveBanner() {
  const now = useNow(15_000);
  const lives = currentLives(usePlanning(), now);
  const { join, dialogs } = useLiveJoin();
  if (lives.length === 0) return null;
  const single = lives.length === 1 ? lives[0] : undefined;

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
      {dialogs}
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
