import { styled } from '@linaria/react';
import { Icon } from '../common/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AUDIO_TIME_REFRESH_MS, nextChatSpeed } from '../../domain/chat-limits';
import { AUDIO_TEXT } from '../../domain/messaging-text-fr';
import { formatElapsed } from '../../domain/media-time';

/**
 * The chat's audio player (spec 2 §2 "Other"): play and pause, the speed cycling 1 → 1.5 → 2,
 * and the time display, refreshed every 900 ms while it plays.
 */
export function AudioPlayer({ src, name }: { src: string; name: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState(1);
  const [time, setTime] = useState({ current: 0, duration: Number.NaN });

  const read = useCallback(() => {
    const element = audio.current;
    if (element) setTime({ current: element.currentTime, duration: element.duration });
  }, []);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(read, AUDIO_TIME_REFRESH_MS);
    return () => clearInterval(timer);
  }, [playing, read]);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    // The default rate too: loading the source resets the rate to it.
    element.defaultPlaybackRate = rate;
    element.playbackRate = rate;
  }, [rate]);

  function toggle() {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  }

  return (
    <Player role="group" aria-label={name}>
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => {
          setPlaying(false);
          read();
        }}
        onEnded={read}
        onLoadedMetadata={read}
      />
      <Round type="button" aria-label={playing ? AUDIO_TEXT.pause : AUDIO_TEXT.play} onClick={toggle}>
        <Icon name={playing ? 'pause' : 'play'} size={16} fill="currentColor" />
      </Round>
      <Time aria-label={AUDIO_TEXT.time}>
        {formatElapsed(time.current)}
        {Number.isFinite(time.duration) ? ` / ${formatElapsed(time.duration)}` : ''}
      </Time>
      <Speed type="button" aria-label={AUDIO_TEXT.speed(rate)} onClick={() => setRate(nextChatSpeed(rate))}>
        {String(rate).replace('.', ',')}x
      </Speed>
    </Player>
  );
}

const Player = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  padding: 6px 10px;
  border-radius: 999px;
  border: 1px solid var(--border);
  background: var(--surface-2);
`;
const Round = styled.button`
  width: 32px;
  height: 32px;
  border-radius: 50%;
  border: none;
  background: var(--accent);
  color: var(--accent-contrast);
  cursor: pointer;
`;
const Time = styled.span`
  font-variant-numeric: tabular-nums;
  font-size: 13px;
  min-width: 84px;
`;
const Speed = styled.button`
  padding: 2px 8px;
  border-radius: 6px;
  border: 1px solid var(--border);
  background: var(--surface);
  color: var(--text);
  font: inherit;
  font-size: 12px;
  cursor: pointer;
`;
