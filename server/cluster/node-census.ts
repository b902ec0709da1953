import { z } from 'zod';

/**
 * What a node of `npm run cluster` tells the command about itself over the cluster module's IPC
 * channel: its open socket.io connections, those that came through the shared entry port and those
 * made straight to the node's own port. Each message holds the whole count, so one lost or
 * reordered is repaired by the next.
 */
export const socketCensus = z.object({
  type: z.literal('comptoir:sockets'),
  entry: z.number().int().min(0),
  direct: z.number().int().min(0),
});
export type SocketCensus = z.infer<typeof socketCensus>;

/** The environment variable naming the entry port the node joins (unset: none). */
export const ENTRY_PORT_VARIABLE = 'CLUSTER_ENTRY_PORT';
