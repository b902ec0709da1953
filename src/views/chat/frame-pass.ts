/**
 * One read-then-write pass per animation frame, shared by every log on screen. A log checks its
 * scroll and its settling scrolls once a frame (`message-list.tsx`); each check reads the layout,
 * then may write (a scroll event for virtuoso, which renders at once; a new scroll position). With
 * four logs side by side, each in its own animation callback, every read after another log's write
 * laid the whole page out again: a burst's frames held four layouts or more. Here every read of the
 * frame comes first (one layout at most), then every write.
 */

/** Reads the layout; returns the writes it decided on, if any. */
export type FrameRead = () => (() => void) | void;

let reads: FrameRead[] = [];
let scheduled = false;

/** Runs `read` in the next frame's pass (a read queued by a write waits for the frame after). Returns its cancellation. */
export function inFramePass(read: FrameRead): () => void {
  reads.push(read);
  if (!scheduled) {
    scheduled = true;
    requestAnimationFrame(pass);
  }
  return () => {
    const at = reads.indexOf(read);
    if (at >= 0) reads.splice(at, 1);
  };
}

function pass(): void {
  scheduled = false;
  const now = reads;
  reads = [];
  const writes: (() => void)[] = [];
  for (const read of now) {
    try {
      const write = read();
      if (write) writes.push(write);
    } catch (error) {
      reportLater(error);
    }
  }
  for (const write of writes) {
    try {
      write();
    } catch (error) {
      reportLater(error);
    }
  }
}

/** One log's failure never stops the others' pass; it is reported as an uncaught error would be. */
const reportLater = (error: unknown) =>
  setTimeout(() => {
    throw error;
  }, 0);
