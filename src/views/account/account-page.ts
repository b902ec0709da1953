import { styled } from '@linaria/react';

/** The column of an account screen (profile, contact, payout link): roomy on a desk, tight on a phone. */
export const AccountPage = styled.div`
  padding: 24px 32px;
  max-width: 640px;
  box-sizing: border-box;
  @media (max-width: 600px) {
    padding: 16px;
  }
`;
