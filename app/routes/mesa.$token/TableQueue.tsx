// Mantine's stylesheet comes with this chunk: the table's page itself has no Mantine before its script runs.
import "~/styles/mantine.css";
import { MantineRoot } from "~/components/MantineRoot";
import { UploadQueueList, useUploadQueue } from "~/components/upload/UploadQueueList";

/**
 * The phone's upload queue on a table's page: 'Esperando conexión (N)' and each file on its way,
 * the gallery's list. Loaded once the page's script runs (with Mantine, as the toasts are), so the
 * page without JavaScript and its first paint stay as they were. Mounting it starts the queue:
 * what an earlier visit left (from this page or the gallery) is sent.
 */
export default function TableQueue() {
  const queue = useUploadQueue();
  return (
    <MantineRoot>
      <UploadQueueList entries={queue.entries.filter((entry) => entry.status !== "cancelled")} waiting={queue.waitingForConnection} />
    </MantineRoot>
  );
}
