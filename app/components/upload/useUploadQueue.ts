import { useEffect, useSyncExternalStore } from "react";
import { uploadQueue, type QueueSnapshot } from "~/lib/upload-queue";

const EMPTY: QueueSnapshot = { entries: [], waitingForConnection: 0 };

/** The page's upload queue (app/lib/upload-queue.ts), started once the page's script runs (the gallery's, a table's page). */
export function useUploadQueue(): QueueSnapshot {
  useEffect(() => uploadQueue.start(), []);
  return useSyncExternalStore(uploadQueue.subscribe, uploadQueue.getSnapshot, () => EMPTY);
}
