import { describeBadInputRoutes } from './bad-input-routes';

// Half of the REST routes (bad-input-routes.ts), the other half in bad-input-rest-2.test.ts: one server per core.
describeBadInputRoutes(0, 2);
