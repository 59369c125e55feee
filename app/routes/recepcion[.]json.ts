import type { LoaderFunctionArgs } from "@remix-run/node";
import { doorCounts } from "~/http/door-access.server";

/** GET /recepcion.json: 'Llegaron n de m' for the door's open screens to poll (decision 0061). */
export async function loader({ request }: LoaderFunctionArgs) {
  return doorCounts(request);
}
