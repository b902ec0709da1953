import { styled } from '@linaria/react';

/**
 * An upload's progress: a real `<progress>` (role progressbar, its value read out) named in
 * French, with the percentage written beside it for the eye.
 */
export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  return (
    <Bar>
      <progress max={100} value={percent} aria-label={label} />
      <span aria-hidden="true">{percent} %</span>
    </Bar>
  );
}

const Bar = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-width: 0;
  font-size: 13px;
  font-variant-numeric: tabular-nums;
  color: var(--muted);
  & progress {
    appearance: none;
    width: 120px;
    max-width: 40vw;
    height: 8px;
    border: none;
    border-radius: 999px;
    background: var(--border);
    overflow: hidden;
  }
  & progress::-webkit-progress-bar {
    background: var(--border);
    border-radius: 999px;
  }
  & progress::-webkit-progress-value {
    background: var(--accent);
    border-radius: 999px;
    transition: width 120ms linear;
  }
  & progress::-moz-progress-bar {
    background: var(--accent);
    border-radius: 999px;
  }
`;
