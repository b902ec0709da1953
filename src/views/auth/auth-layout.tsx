import { styled } from '@linaria/react';
import type { ReactNode } from 'react';
import { Icon } from '../common/icons';

/** The frame of every signed-out screen; `aside` stands beside the form on wide screens, below it on narrow ones. */
export function AuthLayout({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Page data-aside={aside ? '' : undefined}>
      <Panel>
        <Brand>
          <Icon name="logo" size={24} /> Comptoir
        </Brand>
        <h1>{title}</h1>
        {children}
      </Panel>
      {aside}
    </Page>
  );
}

const Page = styled.main`
  min-height: 100%;
  display: grid;
  place-items: center;
  padding: 24px;
  &[data-aside] {
    gap: 24px;
    align-content: center;
  }
  @media (min-width: 900px) {
    &[data-aside] {
      grid-template-columns: min(420px, 100%) 280px;
      justify-content: center;
      align-items: center;
    }
  }
  @media (max-width: 480px) {
    padding: 12px;
  }
  background:
    radial-gradient(circle at 20% 10%, var(--accent-soft), transparent 45%),
    var(--bg);
`;

const Panel = styled.div`
  width: min(420px, 100%);
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: 16px;
  box-shadow: var(--shadow);
  padding: 32px;
  @media (max-width: 480px) {
    padding: 20px;
  }
  & h1 {
    font-size: 22px;
    margin: 8px 0 24px;
  }
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  font-weight: 800;
  font-size: 20px;
  letter-spacing: 0.02em;
  color: var(--accent);
`;

/** The column of fields of every signed-out form. */
export const AuthForm = styled.form`
  display: grid;
  gap: 14px;
`;

/** A checkbox with its sentence (terms and the like). */
export const CheckLine = styled.label`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  font-size: 14px;
`;
