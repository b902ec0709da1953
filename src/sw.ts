import { startWorker } from './sw/start-worker';

// Built by vite-plugin-pwa (injectManifest) into /sw.js; the build writes the precache list in place
// of `self.__WB_MANIFEST`.
declare const self: ServiceWorkerGlobalScope;
startWorker(self, self.__WB_MANIFEST);
