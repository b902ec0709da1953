import { styled } from '@linaria/react';
import { memo } from 'react';
import { buttonClass } from './ui';

/**
 * A list's category filter as pressed buttons ('Toutes' first): each a 44 px target, reached with
 * Tab and chosen with Enter or Space, the chosen one `aria-pressed` (the replays, the news).
 */
export function CategoryButtons({
  label,
  allLabel,
  categories,
  chosen,
  onChoose,
}: {
  label: string;
  allLabel: string;
  categories: readonly string[];
  chosen: string | null;
  onChoose: (category: string | null) => void;
}) {
  return (
    <Categories role="group" aria-label={label}>
      <CategoryButton name={null} text={allLabel} pressed={chosen === null} onChoose={onChoose} />
      {categories.map((name) => (
        <CategoryButton key={name} name={name} text={name} pressed={chosen === name} onChoose={onChoose} />
      ))}
    </Categories>
  );
}

const CategoryButton = memo(function CategoryButton({
  name,
  text,
  pressed,
  onChoose,
}: {
  name: string | null;
  text: string;
  pressed: boolean;
  onChoose: (name: string | null) => void;
}) {
  return (
    <button type="button" aria-pressed={pressed} data-variant={pressed ? 'primary' : 'ghost'} className={buttonClass} onClick={() => onChoose(name)}>
      {text}
    </button>
  );
});

const Categories = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  & button {
    min-height: 44px;
    max-width: 100%;
    white-space: normal;
  }
`;
