import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/http/api.server";
import { approve } from "~/http/api-wishes.server";

/** POST /api/gallery/wishes/{id}/approve (admin). */
const route = apiRoute({ POST: approve });
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
