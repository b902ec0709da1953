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
    },
  }),
);
