import { describe, expect, it } from 'vitest';
import { clampPanelWidth } from '../../../src/domain/alert-panel';

describe('alert side panel width', () => {
  it('stays between 350px and 70% of the window', () => {
    expect(clampPanelWidth(400, 1400)).toBe(400);
    expect(clampPanelWidth(100, 1400)).toBe(350);
    expect(clampPanelWidth(2000, 1400)).toBe(980);
    expect(clampPanelWidth(500, 400)).toBe(350);
  });
});
