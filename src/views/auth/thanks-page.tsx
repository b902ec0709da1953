import { styled } from '@linaria/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { REGISTRATION_TEXT } from '../../domain/registration';
import { Button } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';

/** Seconds before the thank-you page goes home by itself (spec 1 §9). */
export const THANKS_REDIRECT_SECONDS = 10;

/** `/merci-inscription`: thanks, a 10-second countdown to `/`, and a button to go at once. */
export function ThanksPage() {
  const [, navigate] = useLocation();
  const [left, setLeft] = useState(THANKS_REDIRECT_SECONDS);
  usePageTitle('Merci');
  useEffect(() => {
    if (left <= 0) {
      navigate('/', { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate]);
  return (
    <Wrapper>
      <h1>{REGISTRATION_TEXT.thanksTitle}</h1>
      <p aria-live="polite">Redirection vers l'accueil dans {left} s.</p>
      <Button type="button" onClick={() => navigate('/', { replace: true })}>
        Accéder à Comptoir
      </Button>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  padding: 32px;
  display: grid;
  gap: 12px;
  justify-items: start;
`;
