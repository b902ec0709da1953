import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * Toasts (sonner) load with the first toast, not with the entry: sonner and its styles are about
 * 9 KB gzipped that no first screen needs (`initial_js_kb`). A toast asked for before sonner is in
 * waits for it and for its `<Toaster>` to be mounted, so nothing said is lost.
 */
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | null = null;
let mounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  mounted = resolve;
});
let showToaster: () => void = () => {};

function load(): Promise<Sonner> {
  if (sonner === null) {
    sonner = import('sonner');
    showToaster();
  }
  return sonner;
}

function say(kind: 'success' | 'error', message: string): void {
  void Promise.all([load(), toasterMounted]).then(([{ toast: show }]) => show[kind](message));
}

export const toast = {
  success: (message: string) => say('success', message),
  error: (message: string) => say('error', message),
  /** Something that happened elsewhere (issue 22: a mention, a reply), with a button to go there. */
  notice: (title: string, description: string, action: { label: string; onClick: () => void }) =>
    void Promise.all([load(), toasterMounted]).then(([{ toast: show }]) => show(title, { description, action, duration: 8000 })),
};

const Toaster = lazy(() => load().then((m) => ({ default: m.Toaster })));

/** Where toasts show; rendered once the first toast asks for sonner. */
export function LazyToaster() {
  const [wanted, setWanted] = useState(sonner !== null);
  useEffect(() => {
    showToaster = () => setWanted(true);
    if (sonner !== null) setWanted(true);
    return () => {
      showToaster = () => {};
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton />
      <Mounted />
    </Suspense>
  );
}

function Mounted() {
  useEffect(() => mounted(), []);
  return null;
}
