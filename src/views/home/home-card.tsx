import { styled } from '@linaria/react';
import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { Icon, type IconName } from '../common/icons';

/** One card of the home dashboard: a titled section (its heading names it for assistive technology). */
export function HomeCard({ title, icon, children, ...rest }: { title: string; icon?: IconName; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  const id = useId();
  return (
    <Section aria-labelledby={id} {...rest}>
      <h2 id={id}>
        {icon ? <Icon name={icon} size={18} /> : null}
        {title}
      </h2>
      {children}
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 10px;
  min-width: 0;
  padding: 18px;
  border: 1px solid var(--border);
  border-radius: 12px;
  background: var(--surface);
  & h2 {
    display: flex;
    align-items: center;
    gap: 8px;
    margin: 0;
    font-size: 17px;
  }
  & p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  & .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 10px;
    margin-top: auto;
  }
  &[data-live] {
    border-color: var(--live);
  }
`;
