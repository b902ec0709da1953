import { mkdirSync, writeFileSync } from 'node:fs';
import { APP_ICONS } from './app-icons.ts';

/**
 * Writes public/icons/ from tools/app-icons.ts (`npx tsx tools/write-app-icons.ts`): the files are
 * committed, and a unit test fails when they differ from what this would write.
 */
const folder = new URL('../public/icons/', import.meta.url);
mkdirSync(folder, { recursive: true });
for (const [name, make] of Object.entries(APP_ICONS)) writeFileSync(new URL(name, folder), make());
console.log(`${Object.keys(APP_ICONS).length} icônes écrites dans public/icons/`);
