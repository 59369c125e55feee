// Imported first by server/main.mjs: route matching is remembered inside @remix-run/router only if
// this runs before anything loads the package (server/route-matching.mjs).
import { rememberRouteMatching } from "./route-matching.mjs";

rememberRouteMatching();
