// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxDoc } from '../../../../src/store/schemas';
import { WAITING_FOR_NETWORK } from '../../../../src/sync/outbox';
import { OutboxRow } from '../../../../src/views/chat/outbox-row';

/** What each stored outbox state says, and which of 'Réessayer' / 'Supprimer' it offers (issue 21). */
const entry = (fields: Pick<OutboxDoc, 'status' | 'error'>): OutboxDoc => ({
  clientId: 'c1',
  stream: 'room:forex',
  room: 'forex',
  parentMessage: null,
  content: 'Achat EURUSD',
  attachments: [],
  createdAt: 1,
  ...fields,
});

afterEach(cleanup);

describe('outbox row', () => {
  it('sending: pending, nothing to press', () => {
    render(<OutboxRow entry={entry({ status: 'pending', error: null })} />);
    const row = screen.getByRole('article', { name: 'Envoi en cours…' });
    expect(within(row).getByText('Envoi en cours…')).toBeTruthy();
    expect(within(row).queryAllByRole('button')).toEqual([]);
  });

  it('waiting for the network: still pending, and may be retried or deleted', () => {
    render(<OutboxRow entry={entry({ status: 'pending', error: WAITING_FOR_NETWORK })} />);
    const row = screen.getByRole('article', { name: 'Envoi en cours…' });
    expect(within(row).getByText('Envoi en cours… (en attente du réseau)')).toBeTruthy();
    expect(within(row).getAllByRole('button').map((b) => b.textContent)).toEqual(['Réessayer', 'Supprimer']);
  });

  it("refused: 'Non envoyé' with the server's reason, 'Réessayer' and 'Supprimer'", () => {
    render(<OutboxRow entry={entry({ status: 'failed', error: 'Message refusé' })} />);
    const row = screen.getByRole('article', { name: 'Non envoyé' });
    expect(within(row).getByRole('alert').textContent).toContain('Non envoyé : Message refusé');
    expect(within(row).getAllByRole('button').map((b) => b.textContent)).toEqual(['Réessayer', 'Supprimer']);
  });
});
