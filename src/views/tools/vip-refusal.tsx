import { styled } from '@linaria/react';
import { Link } from 'wouter';
import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { OFFERS_PATH } from '../../domain/upsell';
import { Icon } from '../common/icons';
import { buttonClass } from '../common/ui';

/** Spec 3 §2, §8: tools and tool pages for a member without a running VIP. */
export function VipRefusal() {
  return (
    <Box>
      <Icon name="lock" size={28} />
      <p>{CONTENT_TEXT.accessRefused}</p>
      <Link href={OFFERS_PATH} className={buttonClass}>
        {CONTENT_TEXT.becomeVip}
      </Link>
    </Box>
  );
}

const Box = styled.section`
  display: grid;
  justify-items: start;
  gap: 12px;
  max-width: 560px;
  margin: 8px 0 32px;
  padding: 20px;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
  color: var(--gold);
  & p {
    margin: 0;
    color: var(--text);
    font-weight: 600;
  }
  & a {
    min-height: 44px;
  }
`;
