/**
 * The spec's two hosts live on one origin (DESIGN.md "The reference server"): the API host under
 * `/rest`, the content/admin host (GraphQL and `/api/...`) under `/content`.
 */
export const REST_BASE = '/rest';
export const CONTENT_BASE = '/content';
export const GRAPHQL_PATH = `${CONTENT_BASE}/graphql`;
export const SOCKET_PATH = '/socket.io';

/** Everything the server answers itself; every other path of the origin is the app's (index.html). */
export const SERVER_PATHS = [REST_BASE, CONTENT_BASE, SOCKET_PATH] as const;
