import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// vitest reuses the Vite config so linaria's `styled` is transformed in tests too.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['tests/{unit,machines,server}/**/*.test.{ts,tsx}'],
      environment: 'node',
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'forks',
      // Every core: vitest's default leaves one free, which on two cores ran the files one at a time
      // (3 min 40 s here; 2 min 40 s with both).
      maxWorkers: availableParallelism(),
    },
  }),
);
