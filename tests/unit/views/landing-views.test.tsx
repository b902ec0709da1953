// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LandingPage } from '../../../src/contract/landing';
import { BrokerTable } from '../../../src/views/tools/broker-table';
import { ExternalFrame, FRAME_LOAD_TIMEOUT_MS } from '../../../src/views/landing/external-frame';
import { LandingSections } from '../../../src/views/landing/landing-sections';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const page: LandingPage = {
  slug: 'life',
  title: 'La vie de Comptoir',
  sections: [
    { kind: 'hero', title: 'La vie de Comptoir', subtitle: 'Une équipe et une communauté' },
    { kind: 'richtext', richtext: '<p>Texte <strong>riche</strong><img src=x onerror="window.__ran=1"><script>window.__ran=1</script></p>' },
    { kind: 'leftRight', title: 'Une semaine', richtextLeft: '<p>Gauche</p>', richtextRight: '<p>Droite <a href="javascript:alert(1)">piège</a></p>' },
    {
      kind: 'cards',
      title: 'Événements',
      cards: [
        { picture: '/content/media/lyon.svg', title: 'Rencontre à Lyon', text: 'Samedi', href: '/news/lyon', buttonText: 'Lire l’annonce' },
        { picture: null, title: 'Ailleurs', text: 'Dehors', href: 'https://ailleurs.test/x', buttonText: 'Voir le site' },
        { picture: null, title: 'Piège', text: 'Rien', href: 'javascript:alert(1)', buttonText: 'Cliquer' },
        { picture: null, title: 'Sans bouton', text: 'Juste un texte', href: null, buttonText: null },
      ],
    },
    { kind: 'feature', title: 'Ce qui fait Comptoir', features: [{ title: 'Des coachs', text: 'Qui tradent' }] },
    { kind: 'hero', title: 'Un second hero', subtitle: 'plus bas' },
  ],
};

describe('LandingSections', () => {
  it('renders each kind: the first hero as the h1, the others as h2, the sections in order', () => {
    const { container } = render(<LandingSections page={page} />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['La vie de Comptoir']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Une semaine', 'Événements', 'Ce qui fait Comptoir', 'Un second hero']);
    expect([...container.querySelectorAll('[data-kind]')].map((s) => s.getAttribute('data-kind'))).toEqual(['hero', 'richtext', 'leftRight', 'cards', 'feature', 'hero']);
    expect(screen.getByText('Une équipe et une communauté')).toBeTruthy();
    expect(screen.getByText('Qui tradent')).toBeTruthy();
  });

  it('sanitises the rich text: no script, no handler, no javascript: link', () => {
    const { container } = render(<LandingSections page={page} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|javascript:/i);
    expect(screen.getByText('riche').tagName).toBe('STRONG');
    expect((window as { __ran?: number }).__ran).toBeUndefined();
  });

  it('gives each card its button: in place for the app’s paths, a new tab elsewhere, none for an unsafe address', () => {
    render(<LandingSections page={page} />);
    const cards = within(screen.getByRole('heading', { name: 'Événements' }).parentElement!).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    const inApp = within(cards[0]!).getByRole('link', { name: 'Lire l’annonce' });
    expect(inApp.getAttribute('href')).toBe('/news/lyon');
    expect(inApp.getAttribute('target')).toBeNull();
    const outside = within(cards[1]!).getByRole('link', { name: /Voir le site/ });
    expect(outside.getAttribute('target')).toBe('_blank');
    expect(outside.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(cards[2]!).queryByRole('link')).toBeNull();
    expect(within(cards[3]!).queryByRole('link')).toBeNull();
  });

  it('gives a page without a hero its title as the h1', () => {
    render(<LandingSections page={{ slug: 'x', title: 'Titre de la page', sections: [{ kind: 'richtext', richtext: '<p>Seul</p>' }] }} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Titre de la page');
  });
});

describe('ExternalFrame', () => {
  const props = { src: '/content/widgets/boutique', title: 'Boutique Comptoir', openText: 'Ouvrir la boutique dans un nouvel onglet', blockedText: 'Bloquée', loadingText: 'Chargement', height: '600px' };

  it('titles the frame and always offers the page in a new tab', () => {
    render(<ExternalFrame {...props} />);
    expect(screen.getByTitle('Boutique Comptoir').getAttribute('src')).toBe('/content/widgets/boutique');
    const link = screen.getByRole('link', { name: 'Ouvrir la boutique dans un nouvel onglet' });
    expect(link.getAttribute('href')).toBe('/content/widgets/boutique');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('status').textContent).toBe('Chargement');
  });

  it('says the page cannot show here when the frame has not loaded in time, not when it has', () => {
    vi.useFakeTimers();
    const { unmount } = render(<ExternalFrame {...props} />);
    act(() => void vi.advanceTimersByTime(FRAME_LOAD_TIMEOUT_MS));
    expect(screen.getByRole('status').textContent).toBe('Bloquée');
    unmount();

    render(<ExternalFrame {...props} />);
    fireEvent.load(screen.getByTitle('Boutique Comptoir'));
    act(() => void vi.advanceTimersByTime(FRAME_LOAD_TIMEOUT_MS));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('BrokerTable', () => {
  it('is a captioned table of three numbered brokers and their minimum capitals', () => {
    render(<BrokerTable />);
    const table = screen.getByRole('table', { name: 'Courtiers partenaires — capital minimum' });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent!.replace(/\s/g, ' '));
    expect(rows).toEqual(['CourtierCapital minimum', 'Courtier 11 000 €', 'Courtier 23 000 € pour les actions10 000 € pour les futures', 'Courtier 31 000 €']);
  });
});
