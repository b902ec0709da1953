import { styled } from '@linaria/react';
import { TEXT } from '../../domain/text-fr';
import { AlertSummary } from '../alerts/alert-summary';
import { usePageTitle } from '../common/use-page-title';
import { useCurrentUser } from '../use-current-user';

/** `/` signed in. The dashboard itself comes with the learning-content issue. */
export function HomePage() {
  usePageTitle('Accueil');
  const user = useCurrentUser();
  const name = user?.metadata.firstName || user?.username;
  return (
    <Wrapper>
      <h1>{name ? `Bonjour ${name}` : 'Bonjour'}</h1>
      <p>Le tableau de bord sera {TEXT.comingSoon}.</p>
      <AlertSummary />
    </Wrapper>
  );
}

const Wrapper = styled.div`
  padding: 32px;
  & h1 {
    margin: 0 0 8px;
    font-size: 26px;
  }
  & p {
    margin: 0;
    color: var(--muted);
  }
`;
