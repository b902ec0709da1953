import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import wyw from '@wyw-in-js/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webManifest } from './tools/web-manifest.ts';
import { chunkGroups } from './tools/chunk-groups.ts';

// linaria styles (only the views use them) are extracted at build time by wyw-in-js; the presets
// let it read our TSX. Nothing else goes through its Babel pass (the tests' server and domain modules).
export default defineConfig({
  plugins: [
    wyw({
      include: ['src/views/**/*.{ts,tsx}'],
      babelOptions: { presets: ['@babel/preset-typescript', '@babel/preset-react'] },
    }),
    react(),
    // The service worker (src/sw.ts → /sw.js) with the build's file list injected, and the web app
    // manifest linked from index.html. The app registers the worker itself, after its first screen
    // (src/views/app-update-prompt.tsx): nothing is injected into the entry.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: webManifest,
      // The icons are in public/icons/ and precached with everything else below.
      includeManifestIcons: false,
      injectManifest: {
        // The whole app, lazy chunks included (the first toast or dialog offline must find its
        // chunk), never the source maps.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/*.map'],
        sourcemap: false,
      },
      devOptions: { enabled: false },
    }),
  ],
  // rxjs's ES2015 build (`es2015` in its exports) rather than its ES5 one with tslib's helpers.
  resolve: { conditions: [...defaultClientConditions, 'es2015'] },
  server: {
    proxy: {
      '/rest': { target: 'http://localhost:3000', ws: false },
      '/content': { target: 'http://localhost:3000', ws: true },
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: chunkGroups(import.meta.dirname) } },
  },
});
