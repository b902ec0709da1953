import { styled } from '@linaria/react';
import { useRef, useState } from 'react';
import type { Alert } from '../../contract/alerts';
import { ALERT_PANEL, clampPanelWidth } from '../../domain/alert-panel';
import type { RoomDoc } from '../../store/schemas';
import { useApp } from '../app-context';
import { PanelHeader } from '../common/panel-header';
import { AlertFeed } from './alert-feed';
import { AlertFormDialog } from './alert-form-dialog';

export const ALERT_PANEL_KEY = 'alertPanelWidth';

/** Whether the window is wide enough for the alert side panel. */

/** The chat page's resizable alert side panel; its width is remembered locally. */
export function AlertSidePanel(props: { room: RoomDoc; rooms: RoomDoc[]; onClose: () => void }) {
  const { storage } = useApp();
  const [width, setWidth] = useState(() => clampPanelWidth(Number(storage.getItem(ALERT_PANEL_KEY)) || ALERT_PANEL.default, window.innerWidth));
  const [editing, setEditing] = useState<Alert | null>(null);
  const dragging = useRef<{ startX: number; startWidth: number } | null>(null);

  return (
    <Aside aria-label="Notifications" style={{ width }}>
      <Handle
        role="separator"
        aria-orientation="vertical"
        aria-label="Redimensionner le panneau des notifications"
        aria-valuenow={width}
        aria-valuemin={ALERT_PANEL.min}
        tabIndex={0}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          dragging.current = { startX: event.clientX, startWidth: width };
        }}
        onPointerMove={(event) => {
          if (!dragging.current) return;
          setWidth(clampPanelWidth(dragging.current.startWidth + dragging.current.startX - event.clientX, window.innerWidth));
        }}
        onPointerUp={() => {
          dragging.current = null;
          storage.setItem(ALERT_PANEL_KEY, String(width));
        }}
        onKeyDown={(event) => {
          const step = event.key === 'ArrowLeft' ? 20 : event.key === 'ArrowRight' ? -20 : 0;
          if (step === 0) return;
          const next = clampPanelWidth(width + step, window.innerWidth);
          setWidth(next);
          storage.setItem(ALERT_PANEL_KEY, String(next));
        }}
      />
      <PanelHeader title="Notifications" closeLabel="Fermer les notifications" onClose={props.onClose} back focus />
      <AlertFeed room={props.room} rooms={props.rooms} onEdit={setEditing} />
      {editing ? <AlertFormDialog alert={editing} room={props.room} rooms={props.rooms} onClose={() => setEditing(null)} /> : null}
    </Aside>
  );
}

const Aside = styled.aside`
  position: relative;
  display: flex;
  flex-direction: column;
  min-height: 0;
  border-left: 1px solid var(--border);
  background: var(--surface);
  /* Over the whole room on a phone: the remembered width is for wide windows. */
  @media (max-width: 900px) {
    position: fixed;
    z-index: 40;
    inset: 0 0 63px 0;
    width: auto !important;
    border-left: none;
    & > [role='separator'] {
      display: none;
    }
  }
`;
const Handle = styled.div`
  position: absolute;
  left: -3px;
  top: 0;
  bottom: 0;
  width: 6px;
  cursor: col-resize;
  z-index: 2;
  &:hover,
  &:focus-visible {
    background: var(--accent);
  }
`;
