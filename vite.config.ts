import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import wyw from '@wyw-in-js/vite';

// linaria styles are extracted at build time by wyw-in-js; the presets let it read our TSX.
export default defineConfig({
  plugins: [
    wyw({
      include: ['src/**/*.{ts,tsx}'],
      babelOptions: { presets: ['@babel/preset-typescript', '@babel/preset-react'] },
    }),
    react(),
  ],
  server: {
    proxy: {
      '/rest': { target: 'http://localhost:3000', ws: false },
      '/content': { target: 'http://localhost:3000', ws: true },
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: true },
});
