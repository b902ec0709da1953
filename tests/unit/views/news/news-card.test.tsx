// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Article } from '../../../../src/contract/home-content';
import { dayMonthTime } from '../../../../src/domain/dates-fr';
import { NewsCard } from '../../../../src/views/news/news-card';
import { articleFixture } from '../../../fixtures/articles';

afterEach(cleanup);

const now = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;

const article = (attributes: Partial<Article['attributes']> = {}) =>
  articleFixture(
    {
      title: 'Pourquoi le DAX a franchi les 20 000 points cette semaine',
      slug: 'le-dax-franchit',
      date: new Date(now.getTime() - DAY).toISOString(),
      picture: { url: '/cover.svg' },
      content: `<p>${'Le marché monte. '.repeat(20)}</p>`,
      with_HTML_content: true,
      ...attributes,
    },
    7,
  );

const shown = (a: Article) => render(<ul><NewsCard article={a} now={now} /></ul>).container;

describe('<NewsCard>', () => {
  it('is one link to the article, with the cut title and text, the date and the category', () => {
    const card = shown(article());
    const links = card.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('/news/le-dax-franchit');
    expect(screen.getByRole('link').textContent).toBe('Pourquoi le DAX a franchi les 20 000…');
    expect(card.querySelector('h2 + p')!.textContent).toMatch(/^Le marché monte\..{150,}…$/);
    // 'dd MMM HH:mm' in French, in the member's own time zone.
    expect(card.querySelector('time')!.textContent).toBe(dayMonthTime(new Date(now.getTime() - DAY)));
    expect(card.querySelector('time')!.textContent).toMatch(/^21 nov\. \d\d:00$/);
    expect(screen.getByText('Marchés')).toBeTruthy();
  });

  it("shows 'NOUVEAU' for 3 days only", () => {
    shown(article());
    expect(screen.queryByText('NOUVEAU')).not.toBeNull();
    cleanup();
    shown(article({ date: new Date(now.getTime() - 3 * DAY).toISOString() }));
    expect(screen.queryByText('NOUVEAU')).toBeNull();
  });

  it('shows the picture only when the content has no video, image or audio of its own', () => {
    expect(shown(article()).querySelector('img')?.getAttribute('src')).toBe('/cover.svg');
    cleanup();
    expect(shown(article({ content: '<p>Regardez</p><iframe src="https://www.youtube.com/embed/x"></iframe>' })).querySelector('img')).toBeNull();
    cleanup();
    expect(shown(article({ content: 'Écoutez https://cdn.example/point.mp3', with_HTML_content: false })).querySelector('img')).toBeNull();
  });
});
