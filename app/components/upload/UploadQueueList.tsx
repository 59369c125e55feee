import { Button, Progress } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { uploadQueue, type QueueEntry } from "~/lib/upload-queue";

export { useUploadQueue } from "./useUploadQueue";

/** One file's state in words: its progress, sent, or the server's reason. */
export function useEntryStatus() {
  const { t } = useTranslation("gallery");
  return (entry: QueueEntry) =>
    entry.status === "waiting"
      ? t("batch.waiting")
      : entry.status === "uploading"
        ? `${entry.progress} %`
        : entry.status === "offline"
          ? t("queue.offline")
          : entry.status === "later"
            ? (entry.message ?? t("queue.later"))
            : entry.status === "stored"
              ? t("queue.sent")
              : entry.status === "pending"
                ? t("review:pendingLine")
                : entry.status === "cancelled"
                  ? t("batch.cancelled")
                  : (entry.message ?? t("uploadError"));
}

/** A queued file's thumbnail: the photo, a video's poster, or a plain tile. */
export function QueueThumb({ entry }: { entry: QueueEntry }) {
  return entry.thumb ? (
    <img className="upload-item-thumb" src={entry.thumb} alt="" width={44} height={44} />
  ) : (
    <span className="upload-item-thumb upload-item-tile" aria-hidden="true" />
  );
}

/** 'Quitar': a file still waiting leaves the queue, never sent (a 44 px target). */
export function RemoveButton({ entry }: { entry: QueueEntry }) {
  const { t } = useTranslation("gallery");
  return (
    <Button
      variant="subtle"
      className="upload-item-remove"
      miw={44}
      mih={44}
      aria-label={t("queue.removeNamed", { name: entry.name })}
      onClick={() => void uploadQueue.remove(entry.id)}
    >
      {t("queue.remove")}
    </Button>
  );
}

/**
 * The files on their way, each with its thumbnail, progress, 'Enviada' or the server's reason; a
 * waiting one may be removed ('Quitar'). With `waiting`, the count 'Esperando conexión (N)' above
 * it (a polite live region), for a page that has no other.
 */
export function UploadQueueList({ entries, waiting }: { entries: readonly QueueEntry[]; waiting?: number }) {
  const { t } = useTranslation("gallery");
  const statusText = useEntryStatus();
  return (
    <div className="upload-queue">
      {waiting !== undefined ? (
        <p className="upload-queue-count" role="status" aria-live="polite">
          {waiting > 0 ? t("queue.waitingCount", { count: waiting }) : ""}
        </p>
      ) : null}
      {entries.length > 0 ? (
        <ul className="upload-batch" aria-label={t("queue.listLabel")}>
          {entries.map((entry) => (
            <li key={entry.id} className={`upload-item upload-item-${entry.status}`}>
              <QueueThumb entry={entry} />
              <span className="upload-item-name">{entry.name}</span>
              {entry.status === "uploading" ? (
                <Progress value={entry.progress} size="sm" aria-label={t("batch.progress", { name: entry.name })} className="upload-item-bar" />
              ) : null}
              <span className="upload-item-status" role={entry.status === "refused" ? "alert" : undefined}>
                {statusText(entry)}
              </span>
              {entry.status === "waiting" || entry.status === "offline" || entry.status === "later" ? <RemoveButton entry={entry} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
