import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/http/api.server";
import { postWish, publishedWishes } from "~/http/api-wishes.server";

/** GET /api/gallery/wishes (the published wishes) and POST (a guest's new wish). */
const route = apiRoute({ GET: publishedWishes, POST: postWish });
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
