import { styled } from '@linaria/react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { BrandLink } from '../common/brand';
import { buttonClass } from '../common/ui';

/** The light frame of a public page for visitors (spec 3 §6): the brand and 'Se connecter', back here once signed in. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <Frame>
      <Bar>
        <BrandLink label={CONTENT_TEXT.home} />
        <Link href={`/?redirect_uri=${encodeURIComponent(location)}`} className={buttonClass}>
          {CONTENT_TEXT.signIn}
        </Link>
      </Bar>
      <main id="contenu">{children}</main>
    </Frame>
  );
}

const Frame = styled.div`
  min-height: 100%;
  background: var(--bg);
  & > main {
    max-width: 1400px;
    margin: 0 auto;
  }
`;

const Bar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: 60px;
  padding: 8px 20px;
  background: var(--surface);
  border-bottom: 1px solid var(--border);
  & a {
    min-height: 44px;
  }
  @media (max-width: 600px) {
    padding: 8px 12px;
  }
`;
