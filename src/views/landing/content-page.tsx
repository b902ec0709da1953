import { styled } from '@linaria/react';
import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { Icon } from '../common/icons';
import { Button, ErrorText } from '../common/ui';
import { visuallyHidden } from '../common/visually-hidden';

/** The column of a content screen (toolbox, socials, shop, life, review): roomy on a desk, tight on a phone. */
export const ContentPage = styled.div`
  padding: 24px 32px 48px;
  box-sizing: border-box;
  max-width: 1600px;
  & > h1 {
    margin: 0 0 8px;
    font-size: 26px;
  }
  & > p[data-intro] {
    margin: 0 0 20px;
    color: var(--muted);
  }
  @media (max-width: 600px) {
    padding: 16px 12px 48px;
  }
`;

/** A screen's first load: read by screen readers, shown by the skeletons beside it. */
export function LoadingStatus({ text }: { text: string }) {
  return (
    <p role="status" className={visuallyHidden}>
      {text}
    </p>
  );
}

/** A refresh that failed, in French, with 'Réessayer'. */
export function Failure({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <FailureBox>
      <ErrorText role="alert">{error}</ErrorText>
      <Button type="button" variant="ghost" onClick={onRetry}>
        <Icon name="retry" size={18} />
        {CONTENT_TEXT.retry}
      </Button>
    </FailureBox>
  );
}

const FailureBox = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin: 16px 0;
  & button {
    min-height: 44px;
  }
`;

/** A card's place while the first answer comes. */
export const SkeletonCard = styled.li`
  list-style: none;
  min-height: 240px;
  border-radius: var(--radius);
  border: 1px solid var(--border);
  background: var(--surface-2);
  @media (prefers-reduced-motion: no-preference) {
    animation: content-pulse 1.2s ease-in-out infinite alternate;
  }
  @keyframes content-pulse {
    from {
      opacity: 1;
    }
    to {
      opacity: 0.55;
    }
  }
`;

/** Cards in a grid: 5 columns on a wide screen, fewer as it narrows, one on a phone (spec 3 §9). */
export const CardGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(5, minmax(0, 1fr));
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
  @media (max-width: 1500px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  @media (max-width: 1200px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  @media (max-width: 900px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (max-width: 560px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const SKELETON_KEYS = [1, 2, 3, 4, 5];
