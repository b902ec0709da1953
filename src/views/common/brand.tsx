import { styled } from '@linaria/react';
import { Link } from 'wouter';
import { Icon } from './icons';

/** Comptoir's mark and name, a link home (the side navigation's and the public pages' top). */
export function BrandLink(props: { className?: string; label?: string }) {
  return (
    <Brand href="/" className={props.className} aria-label={props.label}>
      <Icon name="logo" size={24} />
      <span>Comptoir</span>
    </Brand>
  );
}

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  font-size: 20px;
  font-weight: 800;
  color: var(--accent);
  text-decoration: none;
  & span {
    color: inherit;
  }
`;
