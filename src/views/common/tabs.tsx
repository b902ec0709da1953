import { styled } from '@linaria/react';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem<K extends string> = { key: K; label: string };

/**
 * Tabs as the ARIA practices describe them: one tab stop for the list (the selected tab), arrows,
 * Home and End move and select, the panel is labelled by its tab and reachable by Tab.
 */
export function Tabs<K extends string>(props: { label: string; tabs: readonly TabItem<K>[]; selected: K; onSelect: (key: K) => void; children: ReactNode }) {
  const { tabs, selected, onSelect } = props;
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const index = Math.max(0, tabs.findIndex((t) => t.key === selected));

  function move(event: KeyboardEvent<HTMLButtonElement>) {
    const last = tabs.length - 1;
    const to =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (to === null) return;
    event.preventDefault();
    onSelect(tabs[to]!.key);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[to]?.focus();
  }

  return (
    <>
      <TabList role="tablist" aria-label={props.label} ref={list}>
        {tabs.map((tab, i) => (
          <Tab
            key={tab.key}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={i === index}
            aria-controls={`${id}-panel`}
            tabIndex={i === index ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            onKeyDown={move}
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tabs[index]?.key}`} tabIndex={0}>
        {props.children}
      </div>
    </>
  );
}

const TabList = styled.div`
  display: flex;
  gap: 4px;
  margin: 16px 0;
  border-bottom: 1px solid var(--border);
  /* On a phone the tabs take a second line rather than hide past the edge. */
  flex-wrap: wrap;
`;

const Tab = styled.button`
  flex: none;
  min-height: 44px;
  padding: 0 14px;
  @media (max-width: 600px) {
    padding: 0 10px;
  }
  border: 0;
  border-bottom: 3px solid transparent;
  background: transparent;
  color: var(--muted);
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &[aria-selected='true'] {
    color: var(--text);
    border-bottom-color: var(--accent);
  }
  &:focus-visible {
    outline: 2px solid var(--accent);
    outline-offset: -2px;
  }
`;
