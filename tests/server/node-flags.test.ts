import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../server/node-flags';

describe('the production start', () => {
  it('runs the compiled server with the node flags the cluster and the load run it with', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
    const node = scripts.start.split('&&').map((command) => command.trim()).at(-1);
    expect(node).toBe(['node', ...SERVER_NODE_FLAGS, 'server/dist/main.js'].join(' '));
  });
});
