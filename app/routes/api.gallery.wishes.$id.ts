import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/http/api.server";
import { remove } from "~/http/api-wishes.server";

/** DELETE /api/gallery/wishes/{id} (admin). */
const route = apiRoute({ DELETE: remove });
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
