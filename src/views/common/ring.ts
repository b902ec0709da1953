/** Sounds already played, by key: an urgent alert rings once per page, however often it renders. */
const rung = new Set<string>();

/**
 * Two short tones (issue 22: an urgent alert rings). Browsers may refuse sound before the member
 * has interacted with the page: then it stays silent, the card's red frame and its place on top
 * still say it.
 */
export function ringOnce(key: string): void {
  if (rung.has(key)) return;
  rung.add(key);
  try {
    const context = new AudioContext();
    const gain = context.createGain();
    gain.gain.value = 0.08;
    gain.connect(context.destination);
    for (const [at, frequency] of [
      [0, 880],
      [0.25, 1175],
    ] as const) {
      const tone = context.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(context.currentTime + at);
      tone.stop(context.currentTime + at + 0.18);
    }
    setTimeout(() => void context.close(), 1000);
  } catch {
    // No audio here: nothing to ring.
  }
}
