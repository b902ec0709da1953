import { useEffect, useState } from 'react';

/** Whether the window is wider than `px`, following resizes. */
export function useWiderThan(px: number): boolean {
  const query = `(min-width: ${px + 1}px)`;
  const [wide, setWide] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const change = () => setWide(media.matches);
    change();
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, [query]);
  return wide;
}
