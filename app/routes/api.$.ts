import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiError } from "~/http/api.server";
import { apiT } from "~/http/api-messages.server";

/** Any other /api path, with any method: a JSON 404 (never the HTML not-found page). */
const notFound = async ({ request }: { request: Request }) => apiError(404, (await apiT(request))("common:api.routeNotFound"));
export const loader = (args: LoaderFunctionArgs) => notFound(args);
export const action = (args: ActionFunctionArgs) => notFound(args);
