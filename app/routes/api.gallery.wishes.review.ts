import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/http/api.server";
import { setReview, wishesForReview } from "~/http/api-wishes.server";

/** GET /api/gallery/wishes/review (admin: the switch and every wish) and PUT (the switch). */
const route = apiRoute({ GET: wishesForReview, PUT: setReview });
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
