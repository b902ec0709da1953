import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a port, to break the network on purpose: `dropOne()` cuts one open
 * connection (a member's Wi-Fi hiccup), `cut()` cuts every connection and refuses new ones until
 * `restore()` (the database unreachable). What passes through is relayed untouched.
 */
export type TcpProxy = {
  readonly port: number;
  /** Open client connections. */
  readonly connections: number;
  /** Cuts one open connection at random; false when none is open. */
  dropOne(): boolean;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let open = true;
  const server: Server = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const side of pair) {
      side.setNoDelay(true);
      side.on('error', end);
      side.on('close', end);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('le relais TCP n’a pas d’adresse');
  const destroy = (pair: [Socket, Socket]) => {
    pairs.delete(pair);
    // A reset, not a polite close: what a dropped network looks like to both ends.
    pair[0].resetAndDestroy();
    pair[1].resetAndDestroy();
  };
  return {
    port: address.port,
    get connections() {
      return pairs.size;
    },
    dropOne() {
      const all = [...pairs];
      const pair = all[Math.floor(Math.random() * all.length)];
      if (!pair) return false;
      destroy(pair);
      return true;
    },
    cut() {
      open = false;
      for (const pair of [...pairs]) destroy(pair);
    },
    restore() {
      open = true;
    },
    close() {
      open = false;
      for (const pair of [...pairs]) destroy(pair);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port no one listens on now (the kernel's pick), for a server started next. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('aucun port libre');
  return address.port;
}
