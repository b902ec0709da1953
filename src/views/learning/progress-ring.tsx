import { styled } from '@linaria/react';
import { FORMATION_TEXT } from '../../domain/formation-text-fr';

/** Steps done as a ring, named in words for screen readers ('2 étapes sur 5 validées'). */
export function ProgressRing({ done, total, size = 48 }: { done: number; total: number; size?: number }) {
  const stroke = Math.max(3, Math.round(size / 10));
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  const share = total > 0 ? Math.min(Math.max(done / total, 0), 1) : 0;
  const label = FORMATION_TEXT.stepsDone(done, total);
  return (
    <Ring role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${size} ${size}`}>
      <title>{label}</title>
      <circle cx={size / 2} cy={size / 2} r={radius} fill="none" stroke="var(--border)" strokeWidth={stroke} />
      <circle
        cx={size / 2}
        cy={size / 2}
        r={radius}
        fill="none"
        stroke="var(--accent)"
        strokeWidth={stroke}
        strokeLinecap="round"
        strokeDasharray={circumference}
        strokeDashoffset={circumference * (1 - share)}
        transform={`rotate(-90 ${size / 2} ${size / 2})`}
      />
      <text x="50%" y="50%" dominantBaseline="central" textAnchor="middle" fontSize={Math.round(size / 4)} fill="currentColor" aria-hidden="true">
        {done}/{total}
      </text>
    </Ring>
  );
}

const Ring = styled.svg`
  flex: none;
  font-variant-numeric: tabular-nums;
  & circle {
    transition: stroke-dashoffset 200ms ease;
  }
`;
