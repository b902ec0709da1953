import { NavigationRoute } from 'workbox-routing';
import type { RouteHandler } from 'workbox-core/types.js';
import { SERVER_PATHS } from '../contract/hosts';
import { SERVICE_WORKER_URL } from '../contract/service-worker';

const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Navigations the app shell never answers: the server's own paths (API, content host, socket, and
 * the pages it renders there: the local payment windows, the mailbox) and the worker's script.
 * Matched against the path and query, as NavigationRoute does.
 */
export const NOT_THE_APP: readonly RegExp[] = [...SERVER_PATHS, SERVICE_WORKER_URL].map((path) => new RegExp(`^${escape(path)}(?:[/?#]|$)`));

/**
 * Every other navigation of the origin is one of the app's routes (the server answers them all with
 * index.html too): offline, the precached index.html answers, and the app reads the local database.
 */
export const appShellRoute = (handler: RouteHandler) => new NavigationRoute(handler, { denylist: [...NOT_THE_APP] });
