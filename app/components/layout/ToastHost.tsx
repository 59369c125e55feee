// Mantine's stylesheet comes with this chunk: the home page, which inlines none, can show a toast too.
import "~/styles/mantine.css";
import { Notifications } from "@mantine/notifications";
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_POSITION } from "~/lib/constants";
import { MantineRoot } from "../MantineRoot";

/** The toast container (top-center, 3 visible, 4 s); loaded after hydration by the root. */
export default function ToastHost() {
  return (
    <MantineRoot>
      <Notifications position={TOAST_POSITION} limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} />
    </MantineRoot>
  );
}
