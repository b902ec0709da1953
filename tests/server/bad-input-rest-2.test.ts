import { describeBadInputRoutes } from './bad-input-routes';

// Half of the REST routes (bad-input-routes.ts), the other half in bad-input-rest-1.test.ts: one server per core.
describeBadInputRoutes(1, 2);
