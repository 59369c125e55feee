import type { LoaderFunctionArgs } from "@remix-run/node";
import { slideshowFeedResponse } from "~/http/slideshow-page.server";

/** GET /slideshow.json?section=: the photos and wishes an open slideshow polls for (ETag, 304). */
export const loader = ({ request }: LoaderFunctionArgs) => slideshowFeedResponse(request);
