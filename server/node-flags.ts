/**
 * The flags every production server process runs with: `npm start` (package.json says them, a test
 * checks it), the cluster's workers and the load's servers, so that the load measures what runs.
 *
 * - `--enable-source-maps`: the compiled server's stack traces name our TypeScript files.
 * - `--max-semi-space-size=4` (MB): V8's young generation grows its two halves to 16 MB each on a
 *   server that allocates as fast as ours (every post, every frame), and keeps them: 34 MB of an
 *   idle server's 140 resident. At 4 MB each, the room case of `npm run load` (100 posts a second
 *   to 500 members on PostgreSQL) used 153 MB instead of 176, with the same answer times; the
 *   collections it adds are of young objects only, which die in them.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--enable-source-maps', '--max-semi-space-size=4'];
