import { styled } from '@linaria/react';
import { useEffect, useRef } from 'react';
import type { Chapitre } from '../../contract/formations';
import { LEARNING_TEXT } from '../../domain/learning-text-fr';
import { useLearning } from './use-learning';

/**
 * A chapter's video (same-origin: the browser sends the token cookie). It resumes at the second
 * saved for this chapter once its metadata is in, and saves the position as the member watches
 * (the learning sync throttles it), at once on pause, on the end and when the chapter is left.
 */
export function ChapterVideo({ formationId, chapter, resumeAt }: { formationId: number; chapter: Chapitre; resumeAt: number }) {
  const learning = useLearning();
  const ref = useRef<HTMLVideoElement>(null);
  // The saved second at mount only: later saves must not pull the video back.
  const start = useRef(resumeAt);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const save = (immediate: boolean) => {
      if (video.currentTime > 0) void learning.savePosition(formationId, chapter.id, video.currentTime, { immediate });
    };
    const resume = () => {
      const at = start.current;
      const end = Number.isFinite(video.duration) ? video.duration : Infinity;
      if (at > 0 && at < end - 0.5) video.currentTime = at;
    };
    const onTime = () => save(false);
    const onStop = () => save(true);
    if (video.readyState >= 1) resume();
    else video.addEventListener('loadedmetadata', resume, { once: true });
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('seeked', onTime);
    video.addEventListener('pause', onStop);
    video.addEventListener('ended', onStop);
    const onHide = () => {
      if (document.visibilityState === 'hidden') save(true);
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      save(true);
      video.removeEventListener('loadedmetadata', resume);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('seeked', onTime);
      video.removeEventListener('pause', onStop);
      video.removeEventListener('ended', onStop);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [learning, formationId, chapter.id]);

  return (
    <Video ref={ref} controls preload="metadata" src={chapter.videoUrl ?? undefined} aria-label={LEARNING_TEXT.videoOf(chapter.name)} />
  );
}

const Video = styled.video`
  display: block;
  width: 100%;
  max-height: 70vh;
  border-radius: var(--radius);
  background: #000;
`;
