/** Spec 2 §9: the alert side panel shows wider than 768px; minimum 350px, default 400px, maximum 70% of the window. */
export const ALERT_PANEL = { minWindow: 768, min: 350, default: 400, maxRatio: 0.7 } as const;

export const clampPanelWidth = (width: number, windowWidth: number): number =>
  Math.round(Math.min(Math.max(width, ALERT_PANEL.min), Math.max(ALERT_PANEL.min, windowWidth * ALERT_PANEL.maxRatio)));
