import type { ComptoirDatabase } from '../store/database';
import type { ApiClient } from './api-client';
import type { SocketTransport } from './socket-transport';

/** What the chat's smaller syncs (inbox, reports, levels) are made with: the store, the socket, the API, the chat's one write queue. */
export type SyncDeps = {
  db: ComptoirDatabase;
  socket: SocketTransport;
  api: ApiClient;
  serial: <T>(work: () => Promise<T>) => Promise<T>;
  /** Settles once the page's first screen is shown: what it does not show is read after it, never beside its rows. */
  firstScreen?: Promise<void>;
};
