import { styled } from '@linaria/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { THANKS_TEXT } from '../../domain/account-text-fr';
import { Button } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';

/** Seconds before the thank-you page goes home by itself (spec 1 §9). */
export const THANKS_REDIRECT_SECONDS = 10;

/** `/merci-inscription`: thanks, a 10-second countdown to `/`, and a button to go at once (spec 1 §2). */
export function ThanksPage() {
  const [, navigate] = useLocation();
  const [left, setLeft] = useState(THANKS_REDIRECT_SECONDS);
  usePageTitle(THANKS_TEXT.title);
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
      <h1>{THANKS_TEXT.title}</h1>
      {/* Read once, not every second: the countdown is for the eyes. */}
      <p>{THANKS_TEXT.countdown(left)}</p>
      <Button type="button" onClick={() => navigate('/', { replace: true })}>
        {THANKS_TEXT.goNow}
      </Button>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  padding: 32px;
  display: grid;
  gap: 12px;
  justify-items: start;
  @media (max-width: 600px) {
    padding: 16px;
  }
  & h1,
  & p {
    margin: 0;
  }
`;
