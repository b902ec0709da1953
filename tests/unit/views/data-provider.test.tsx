// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataLayer } from '../../../src/data-layer';
import { TEXT } from '../../../src/domain/text-fr';
import { CoreProvider, DataProvider, useApp, type CoreServices } from '../../../src/views/app-context';

afterEach(cleanup);

/** Only what DataProvider reads of the core services: the data layer's loader. */
const core = (loadData: () => Promise<DataLayer>) => ({ loadData }) as Pick<CoreServices, 'loadData'> as CoreServices;
const layer = { db: { name: 'comptoir' } } as unknown as DataLayer;

function StoreName() {
  return <p>{String((useApp().db as unknown as { name: string }).name)}</p>;
}

describe('DataProvider', () => {
  it('shows its screens once the data layer and the chunks it waits for are in', async () => {
    let chunkLoaded!: () => void;
    const chunk = new Promise<void>((resolve) => (chunkLoaded = resolve));
    render(
      <CoreProvider services={core(() => Promise.resolve(layer))}>
        <DataProvider with={[chunk]}>
          <StoreName />
        </DataProvider>
      </CoreProvider>,
    );
    await Promise.resolve();
    expect(screen.queryByText('comptoir')).toBeNull();
    chunkLoaded();
    expect(await screen.findByText('comptoir')).toBeTruthy();
  });

  it('tells in French when the store cannot open, and offers to reload', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <CoreProvider services={core(() => Promise.reject(new Error('QuotaExceededError')))}>
        <DataProvider>
          <StoreName />
        </DataProvider>
      </CoreProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(TEXT.storeUnavailable);
    expect(screen.getByRole('button', { name: TEXT.reload })).toBeTruthy();
    expect(screen.queryByText('comptoir')).toBeNull();
    error.mockRestore();
  });
});
