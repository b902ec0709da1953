import { styled } from '@linaria/react';
import { TEXT } from '../../domain/text-fr';
import { usePageTitle } from './use-page-title';

/** A path no screen answers, inside the shell when signed in. */
export function NotFoundPage() {
  usePageTitle(TEXT.pageNotFound);
  return (
    <Wrapper>
      <h1>{TEXT.pageNotFound}</h1>
      <p>
        Cette adresse ne correspond à aucune page. <a href="/">Retour à l'accueil</a>
      </p>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  padding: 32px;
  & h1 {
    margin: 0 0 8px;
    font-size: 24px;
  }
  & p {
    color: var(--muted);
    margin: 0;
  }
`;
