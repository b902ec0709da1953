import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The floor of `initial_js_kb`: the gzipped JS of the smallest React page there is (React and
 * React DOM rendering one form), built with the same Vite in production mode. `workDir` must be
 * inside the repository, so the page's imports resolve to its node_modules.
 */
export async function reactFloorKb(workDir: string): Promise<number> {
  const root = join(workDir, 'react-floor');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./main.jsx"></script>');
  writeFileSync(
    join(root, 'main.jsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<form><input aria-label=\"E-mail\" /><button>Se connecter</button></form>);\n",
  );
  const outDir = join(root, 'dist');
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .reduce((kb, file) => kb + gzipSync(readFileSync(join(assets, file)), { level: 9 }).length / 1024, 0);
}
