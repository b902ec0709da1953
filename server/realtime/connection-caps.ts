/**
 * Open sockets per member and per network address (issue 23): one member's script, or one
 * address's, cannot hold the server's sockets. A handshake past either cap is refused with a French
 * message; the client tries again later (src/sync/socket-transport.ts).
 */
export type ConnectionCaps = { perMember: number; perAddress: number };

/** A member's tabs on a few devices; a school's or a family's shared address. */
export const DEFAULT_CONNECTION_CAPS: ConnectionCaps = { perMember: 20, perAddress: 500 };

export const TOO_MANY_MEMBER_CONNECTIONS = 'Trop de connexions ouvertes avec ce compte : fermez un onglet ou un appareil, puis réessayez.';
export const TOO_MANY_ADDRESS_CONNECTIONS = 'Trop de connexions depuis cette adresse : réessayez dans quelques minutes.';

export type ConnectionCounts = {
  /** Counts one more socket of the member from the address; the refusal's message when a cap is reached. */
  admit(userId: number, address: string): string | null;
  /** The socket admitted for them is closed. */
  release(userId: number, address: string): void;
};

export function createConnectionCounts(caps: ConnectionCaps): ConnectionCounts {
  const perMember = new Map<number, number>();
  const perAddress = new Map<string, number>();
  const add = <K>(counts: Map<K, number>, key: K, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  return {
    admit(userId, address) {
      if ((perMember.get(userId) ?? 0) >= caps.perMember) return TOO_MANY_MEMBER_CONNECTIONS;
      if ((perAddress.get(address) ?? 0) >= caps.perAddress) return TOO_MANY_ADDRESS_CONNECTIONS;
      add(perMember, userId, 1);
      add(perAddress, address, 1);
      return null;
    },
    release(userId, address) {
      add(perMember, userId, -1);
      add(perAddress, address, -1);
    },
  };
}
