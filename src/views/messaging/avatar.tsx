import { styled } from '@linaria/react';

/** A member's picture, or the first letter of the pseudo. */
export function Avatar({ user, size }: { user: { username: string; picture: string | null }; size: number }) {
  return (
    <Round aria-hidden style={{ width: size, height: size }}>
      {user.picture ? <img src={user.picture} alt="" width={size} height={size} /> : user.username.slice(0, 1).toUpperCase()}
    </Round>
  );
}

const Round = styled.span`
  flex: none;
  display: inline-grid;
  place-items: center;
  border-radius: 50%;
  overflow: hidden;
  background: var(--accent-soft);
  color: var(--accent);
  font-weight: 700;
  & img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
