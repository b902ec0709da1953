import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inFramePass } from '../../../src/views/chat/frame-pass';

describe('frame pass', () => {
  let frames: FrameRequestCallback[] = [];
  const nextFrame = () => {
    const now = frames;
    frames = [];
    for (const callback of now) callback(0);
  };
  beforeEach(() => {
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("runs every log's reads of the frame before any write, in one animation callback", () => {
    const order: string[] = [];
    for (const log of ['a', 'b', 'c'])
      inFramePass(() => {
        order.push(`read ${log}`);
        return () => void order.push(`write ${log}`);
      });
    expect(frames).toHaveLength(1);
    expect(order).toEqual([]);
    nextFrame();
    expect(order).toEqual(['read a', 'read b', 'read c', 'write a', 'write b', 'write c']);
  });

  it('leaves a read queued by a write, and a cancelled read, out of the frame', () => {
    const order: string[] = [];
    inFramePass(() => () => {
      order.push('write 1');
      inFramePass(() => void order.push('read 2'));
    });
    const cancel = inFramePass(() => void order.push('cancelled'));
    cancel();
    nextFrame();
    expect(order).toEqual(['write 1']);
    nextFrame();
    expect(order).toEqual(['write 1', 'read 2']);
    expect(frames).toHaveLength(0);
  });

  it('goes on with the other logs when one throws, and reports the failure', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const done: string[] = [];
      inFramePass(() => {
        throw new Error('lecture impossible');
      });
      inFramePass(() => () => void done.push('write'));
      nextFrame();
      expect(done).toEqual(['write']);
      expect(() => vi.runAllTimers()).toThrow('lecture impossible');
    } finally {
      vi.useRealTimers();
    }
  });
});
