import { useState, type CSSProperties, type DragEvent, type RefObject } from 'react';

/**
 * The browser's file input, out of sight and out of the tab order: the labelled French button
 * beside it opens it (`inputRef.current.click()`), so neither 'Choose File' nor 'No file chosen'
 * ever shows, and the keyboard and screen readers reach the button.
 */
export function HiddenFileInput(props: { inputRef: RefObject<HTMLInputElement | null>; accept: string; onFile: (file: File) => void }) {
  return (
    <input
      ref={props.inputRef}
      type="file"
      tabIndex={-1}
      aria-hidden="true"
      accept={props.accept}
      style={VISUALLY_HIDDEN}
      onChange={(event) => {
        const file = event.target.files?.[0];
        // Emptied so that choosing the same file again (after a refusal) is a change too.
        event.target.value = '';
        if (file) props.onFile(file);
      }}
    />
  );
}

/** Drag and drop of one file onto an element; `dragging` while a file is held over it. */
export function useFileDrop(onFile: (file: File) => void, enabled = true) {
  const [dragging, setDragging] = useState(false);
  const holdsFiles = (event: DragEvent) => enabled && Array.from(event.dataTransfer.types).includes('Files');
  return {
    dragging,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!holdsFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      },
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      },
      onDrop: (event: DragEvent) => {
        if (!holdsFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (file) onFile(file);
      },
    },
  };
}

/** Out of sight, still in the page (the file input, a hint or a status for screen readers). */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  border: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};
