import { styled } from '@linaria/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Replay } from '../../contract/replays';
import { PLAYBACK_RATES, type PlaybackRate } from '../../domain/replay-rules';
import { REPLAY_TEXT } from '../../domain/replay-text-fr';
import { useReplaySync } from './use-replays';

/**
 * A replay's video (same origin: the browser sends the token cookie) with its playback rate
 * (2, 1.5, 1, 0.5). It resumes at the second kept for it once its metadata is in, and keeps the
 * position as the member watches (the sync throttles it), at once on pause, at the end, when the
 * page is hidden and when the player closes.
 */
export function ReplayVideo({ replay, resumeAt }: { replay: Replay; resumeAt: number }) {
  const sync = useReplaySync();
  const ref = useRef<HTMLVideoElement>(null);
  const rateId = useId();
  const [rate, setRate] = useState<PlaybackRate>(1);
  // The kept second at mount only: later saves must not pull the video back.
  const start = useRef(resumeAt);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.defaultPlaybackRate = rate;
    video.playbackRate = rate;
  }, [rate]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const save = (immediate: boolean) => {
      if (video.currentTime > 0) void sync.savePosition(replay.id, video.currentTime, { immediate });
    };
    const resume = () => {
      const at = start.current;
      const end = Number.isFinite(video.duration) ? video.duration : Infinity;
      // A replay watched to its end starts again from the beginning.
      if (at > 0 && at < end - 0.5) video.currentTime = at;
    };
    const onTime = () => {
      if (!video.paused) save(false);
    };
    const onSeek = () => save(false);
    const onStop = () => save(true);
    if (video.readyState >= 1) resume();
    else video.addEventListener('loadedmetadata', resume, { once: true });
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('pause', onStop);
    video.addEventListener('seeked', onSeek);
    video.addEventListener('ended', onStop);
    const onHide = () => {
      if (document.visibilityState === 'hidden') save(true);
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      save(true);
      video.removeEventListener('loadedmetadata', resume);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('pause', onStop);
      video.removeEventListener('seeked', onSeek);
      video.removeEventListener('ended', onStop);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [sync, replay.id]);

  return (
    <Player>
      <Video ref={ref} controls preload="metadata" src={replay.attributes.videoUrl ?? undefined} aria-label={REPLAY_TEXT.videoOf(replay.attributes.title)} />
      <RateRow>
        <label htmlFor={rateId}>{REPLAY_TEXT.playbackRate}</label>
        <select id={rateId} value={rate} onChange={(event) => setRate(Number(event.target.value) as PlaybackRate)}>
          {PLAYBACK_RATES.map((r) => (
            <option key={r} value={r}>
              {REPLAY_TEXT.rate(r)}
            </option>
          ))}
        </select>
      </RateRow>
    </Player>
  );
}

const Player = styled.div`
  display: grid;
  gap: 12px;
`;

const Video = styled.video`
  display: block;
  width: 100%;
  max-height: 60vh;
  border-radius: 8px;
  background: #000;
`;

const RateRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  & label {
    font-weight: 600;
    color: var(--muted);
  }
  & select {
    min-height: 44px;
    padding: 0 10px;
    border: 1px solid var(--border);
    border-radius: 8px;
    background: var(--surface);
    color: var(--text);
  }
`;
