/** Pages outside the app, configurable at build time (README: VITE_HELP_URL, VITE_GLOSSARY_URL). */
export const HELP_URL: string = import.meta.env.VITE_HELP_URL ?? 'https://aide.comptoir.fr';
export const GLOSSARY_URL: string = import.meta.env.VITE_GLOSSARY_URL ?? 'https://aide.comptoir.fr/glossaire';
