/**
 * In-app notices (issue 22): what happened elsewhere that the member may want to open now — a
 * mention of them, or a reply in a thread they follow (a private message opens the messaging panel
 * by itself, spec 2 §5). The data layer emits them (never for the room on screen, never past the
 * member's level in the room, a reply that names them once); the shell says them as toasts with
 * 'Ouvrir'. The text is the view's to write.
 */
export type ChatNotice =
  | { kind: 'mention'; room: string; roomName: string; message: string; parentMessage: string | null; author: string; excerpt: string }
  | { kind: 'reply'; room: string; roomName: string; message: string; parentMessage: string; excerpt: string };
