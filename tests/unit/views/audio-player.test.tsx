// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextChatSpeed } from '../../../src/domain/chat-limits';
import { AudioPlayer } from '../../../src/views/chat/audio-player';

/** jsdom has no media playback: the element's clock is driven by hand. */
let position = 0;
beforeEach(() => {
  vi.useFakeTimers();
  position = 0;
  Object.defineProperty(HTMLMediaElement.prototype, 'currentTime', { configurable: true, get: () => position });
  Object.defineProperty(HTMLMediaElement.prototype, 'duration', { configurable: true, get: () => 12 });
  Object.defineProperty(HTMLMediaElement.prototype, 'paused', { configurable: true, get: () => true });
  HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  };
  HTMLMediaElement.prototype.pause = function pause(this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the chat audio player', () => {
  it('refreshes its time display every 900 ms while it plays', () => {
    render(<AudioPlayer src="/note.webm" name="note-vocale-00-12.webm" />);
    fireEvent.click(screen.getByRole('button', { name: 'Lire la note vocale' }));
    const time = screen.getByLabelText('Position de lecture');
    position = 3.4;
    act(() => void vi.advanceTimersByTime(899));
    expect(time.textContent).toBe('00:00');
    act(() => void vi.advanceTimersByTime(1));
    expect(time.textContent).toBe('00:03 / 00:12');
    position = 4.2;
    act(() => void vi.advanceTimersByTime(900));
    expect(time.textContent).toBe('00:04 / 00:12');
  });

  it('cycles its speed through 1, 1.5 and 2, and sets the element’s rate', () => {
    const { container } = render(<AudioPlayer src="/note.webm" name="note" />);
    const audio = container.querySelector('audio')!;
    fireEvent.click(screen.getByRole('button', { name: 'Vitesse de lecture : 1x' }));
    expect(audio.playbackRate).toBe(1.5);
    fireEvent.click(screen.getByRole('button', { name: 'Vitesse de lecture : 1,5x' }));
    expect(audio.playbackRate).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Vitesse de lecture : 2x' }));
    expect(audio.playbackRate).toBe(1);
    expect([1, 1.5, 2].map(nextChatSpeed)).toEqual([1.5, 2, 1]);
  });
});
