import { styled } from '@linaria/react';
import { useEffect, useId, useState } from 'react';
import type { TeamMember } from '../../contract/replays';
import { dayBoundary, inputDay, type ReplayFilter } from '../../domain/replay-rules';
import { REPLAY_TEXT } from '../../domain/replay-text-fr';
import { CategoryButtons } from '../common/category-buttons';
import { Icon } from '../common/icons';
import { buttonClass } from '../common/ui';

/** A search is applied once the member stops typing for this long (one request, not one per key). */
const SEARCH_DELAY_MS = 350;

/**
 * The list's filters (spec 3 §2): the category as buttons ('Toutes' first), the author (in the
 * priority order), the date range ('Du' / 'Au', whole days here) and a search on the address.
 */
export function ReplayFilters({
  filter,
  categories,
  authors,
  onChange,
}: {
  filter: ReplayFilter;
  categories: readonly string[];
  authors: readonly TeamMember[];
  onChange: (filter: ReplayFilter) => void;
}) {
  const ids = { author: useId(), from: useId(), to: useId(), search: useId() };
  const [search, setSearch] = useState(filter.slug ?? '');
  useEffect(() => {
    const wanted = search.trim() === '' ? null : search;
    if (wanted === filter.slug) return;
    const timer = setTimeout(() => onChange({ ...filter, slug: wanted }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filter, onChange]);
  const active = filter.category !== null || filter.author !== null || filter.from !== null || filter.to !== null || filter.slug !== null;

  return (
    <Bar aria-label={REPLAY_TEXT.filters}>
      <CategoryButtons
        label={REPLAY_TEXT.categories}
        allLabel={REPLAY_TEXT.allCategories}
        categories={categories}
        chosen={filter.category}
        onChoose={(category) => onChange({ ...filter, category })}
      />
      <Fields>
        <Field>
          <label htmlFor={ids.author}>{REPLAY_TEXT.author}</label>
          <select
            id={ids.author}
            value={filter.author ?? ''}
            onChange={(event) => onChange({ ...filter, author: event.target.value === '' ? null : Number(event.target.value) })}
          >
            <option value="">{REPLAY_TEXT.allAuthors}</option>
            {authors.map((author) => (
              <option key={author.id} value={author.id}>
                {author.name}
              </option>
            ))}
          </select>
        </Field>
        <Field>
          <label htmlFor={ids.from}>{REPLAY_TEXT.from}</label>
          <input
            id={ids.from}
            type="date"
            value={inputDay(filter.from)}
            max={inputDay(filter.to) || undefined}
            onChange={(event) => onChange({ ...filter, from: dayBoundary(event.target.value, 'start') })}
          />
        </Field>
        <Field>
          <label htmlFor={ids.to}>{REPLAY_TEXT.to}</label>
          <input
            id={ids.to}
            type="date"
            value={inputDay(filter.to)}
            min={inputDay(filter.from) || undefined}
            onChange={(event) => onChange({ ...filter, to: dayBoundary(event.target.value, 'end') })}
          />
        </Field>
        <Field data-wide="">
          <label htmlFor={ids.search}>{REPLAY_TEXT.search}</label>
          <SearchBox>
            <Icon name="search" size={18} />
            <input id={ids.search} type="search" value={search} placeholder={REPLAY_TEXT.searchPlaceholder} autoComplete="off" onChange={(event) => setSearch(event.target.value)} />
          </SearchBox>
        </Field>
        {active ? (
          <button
            type="button"
            className={buttonClass}
            data-variant="ghost"
            onClick={() => {
              setSearch('');
              onChange({ category: filter.category, author: null, from: null, to: null, slug: null });
            }}
          >
            <Icon name="close" size={18} />
            {REPLAY_TEXT.clearFilters}
          </button>
        ) : null}
      </Fields>
    </Bar>
  );
}

const Bar = styled.section`
  display: grid;
  gap: 16px;
  margin-bottom: 24px;
`;

const Fields = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  & > button {
    min-height: 44px;
  }
`;

const Field = styled.div`
  display: grid;
  gap: 6px;
  flex: 0 1 180px;
  min-width: 0;
  &[data-wide] {
    flex: 1 1 220px;
  }
  & label {
    font-size: 14px;
    font-weight: 600;
    color: var(--muted);
  }
  & select,
  & input {
    width: 100%;
    min-width: 0;
    height: 44px;
    padding: 0 10px;
    border: 1px solid var(--border);
    border-radius: 8px;
    background: var(--surface);
    color: var(--text);
  }
  & select:focus,
  & input:focus {
    border-color: var(--accent);
  }
  @media (max-width: 560px) {
    flex: 1 1 140px;
  }
`;

const SearchBox = styled.div`
  position: relative;
  & svg {
    position: absolute;
    left: 12px;
    top: 50%;
    transform: translateY(-50%);
    color: var(--muted);
    pointer-events: none;
  }
  & input {
    padding-left: 38px;
  }
`;
