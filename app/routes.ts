import { flatRoutes } from "@remix-run/fs-routes";
import type { RouteConfig } from "@remix-run/route-config";

// File-system routes (app/routes/*), as before v3_routeConfig.
export default flatRoutes() satisfies RouteConfig;
