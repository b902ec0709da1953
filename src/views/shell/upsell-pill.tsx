import { styled } from '@linaria/react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { upsellPill } from '../../domain/upsell';
import { adBanner$ } from '../../store/queries';
import { useApp } from '../app-context';
import { useObservable } from '../use-observable';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';

/** 'Devenir VIP' / 'Passer au LIVE', or the ad banner's short text while it runs (spec 1 §2). */
export function UpsellPill() {
  const { db } = useApp();
  const user = useCurrentUser();
  const now = useNow();
  const banner$ = useMemo(() => adBanner$(db), [db]);
  const banner = useObservable(banner$, null);
  if (!user) return null;
  const pill = upsellPill(user, banner, now);
  if (pill.kind === 'none') return null;
  return (
    <Pill href={pill.href} data-kind={pill.kind}>
      {pill.kind === 'pill' ? pill.label : pill.text}
    </Pill>
  );
}

const Pill = styled(Link)`
  padding: 6px 14px;
  border-radius: 999px;
  border: 1px solid var(--gold);
  color: var(--gold);
  font-weight: 700;
  font-size: 14px;
  text-decoration: none;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  max-width: 100%;
  &[data-kind='pill'] {
    flex: none;
  }
  @media (max-width: 899px) {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 12px;
    font-size: 13px;
  }
  &[data-kind='banner'] {
    background: var(--gold);
    color: var(--gold-contrast);
  }
`;
