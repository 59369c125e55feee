import { Button, Progress, TextInput } from "@mantine/core";
import { uploadAnswerOf } from "~/lib/wishes";
import { notifications } from "@mantine/notifications";
import { useActionData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/confirm/FormErrors";
import { MAX_UPLOAD_BATCH, MAX_UPLOAD_BYTES, MAX_UPLOADER_NAME_LENGTH, UPLOAD_ACCEPT } from "~/lib/constants";
import type { action } from "./route";
import { UploadIcon } from "~/components/icons/index";
import { uploadQueue, type QueueEntry } from "~/lib/upload-queue";
import { posterOf } from "~/lib/video-poster";
import { QueueThumb, RemoveButton, UploadQueueList, useEntryStatus, useUploadQueue } from "~/components/upload/UploadQueueList";

/** The video limits the server applies (GALLERY_VIDEO_MAX_MB, 60 s), for the messages and the check before sending. */
export interface VideoLimits {
  mb: number;
  seconds: number;
}

/** "pending": stored, waiting for the couple's review ('Revisar antes de publicar'). */
type Status = "waiting" | "uploading" | "stored" | "pending" | "error" | "cancelled";
interface Item {
  key: number;
  file: File;
  status: Status;
  /** 0–100 while it uploads. */
  progress: number;
  error: string | null;
  /** Its key in the upload queue, once the guest sent it. */
  queued?: string;
}

/**
 * With JavaScript: pick one photo or a camera roll's worth (up to MAX_UPLOAD_BATCH), see each
 * name, then each goes into the phone's upload queue (kept until the server has it, sent again
 * when the signal comes back: app/lib/upload-queue.ts) and uploads with its own progress and
 * result, two at a time. A batch left waiting for the signal stays in the queue and its list, and
 * the form is ready for the next photos at once. The server checks everything again. `onBusyChange` gets a way to stop the batch while it runs (null when idle),
 * so closing the dialog can ask first.
 */
export function UploadForm({
  sectionId,
  picked,
  onBusyChange,
  onStored,
  uploaderName: savedName = "",
  videoLimits,
}: {
  sectionId: number;
  videoLimits: VideoLimits;
  /** 'Tu nombre' as given last time (its cookie, read by the page's loader). */
  uploaderName?: string;
  /** Photos picked before the page's script ran (in the plain form): listed, ready to send. */
  picked?: File[];
  onBusyChange?: (stop: (() => void) | null) => void;
  /** A photo of this guest's arrived: the section's viewer shows it once the page has it. */
  onStored?: () => void;
}) {
  const { t } = useTranslation("gallery");
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [phase, setPhase] = useState<"chosen" | "uploading" | "done">("chosen");
  const [summary, setSummary] = useState<string | null>(null);
  const [uploaderName, setUploaderName] = useState(savedName);
  const seq = useRef(0);
  const busyChange = useRef(onBusyChange);
  busyChange.current = onBusyChange;
  const queue = useUploadQueue();
  const entryOf = new Map(queue.entries.map((entry) => [entry.id, entry]));

  // Closing the dialog leaves the queue sending (the guest agreed first when files were going).
  useEffect(() => () => busyChange.current?.(null), []);

  const clear = () => {
    uploadQueue.forget(items.flatMap((item) => (item.queued ? [item.queued] : [])));
    setItems([]);
    setSummary(null);
    setPhase("chosen");
  };

  const choose = (list: ArrayLike<File> | null) => {
    const files = Array.from(list ?? []);
    if (input.current) input.current.value = "";
    if (files.length === 0) return;
    if (files.length > MAX_UPLOAD_BATCH) notifications.show({ color: "yellow", message: t("batch.tooMany") });
    const next = files
      .slice(0, MAX_UPLOAD_BATCH)
      .map((file): Item =>
        file.type.startsWith("video/") && file.size > videoLimits.mb * 1024 * 1024
          ? { key: ++seq.current, file, status: "error", progress: 0, error: t("errors.videoTooLarge", { ...videoLimits }) }
          : !file.type.startsWith("video/") && file.size > MAX_UPLOAD_BYTES
            ? { key: ++seq.current, file, status: "error", progress: 0, error: t("errors.tooLarge") }
            : { key: ++seq.current, file, status: "waiting", progress: 0, error: null },
      );
    setSummary(null);
    setPhase("chosen");
    if (!next.some((item) => item.status === "waiting")) {
      // Nothing to send: not kept, the guest picks others.
      // Its own message when one file was picked (a video's limit is not a photo's).
      notifications.show({ color: "red", message: next.length === 1 ? next[0]!.error : t("fileTooLarge") });
      setItems([]);
      return;
    }
    setItems(next);
  };

  // Picked before the script ran: the same as picked now.
  const handedOver = useRef(false);
  useEffect(() => {
    if (handedOver.current || !picked?.length) return;
    handedOver.current = true;
    choose(picked);
    // Once: the photos picked in the plain form, when they arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picked]);

  const batchIds = items.flatMap((item) => (item.queued ? [item.queued] : []));
  const stop = () => {
    void uploadQueue.cancel(batchIds);
  };

  /** The guest sends the chosen files: each is kept in the queue first (a video with its poster), then sent. */
  const upload = async () => {
    const chosen = items.filter((item) => item.status === "waiting");
    if (chosen.length === 0 || phase !== "chosen") return;
    setPhase("uploading");
    // Each file's key, known to the list before the queue holds it (it is never shown twice).
    const keyOf = new Map(chosen.map((item) => [item.key, crypto.randomUUID()]));
    setItems((list) => list.map((item) => (keyOf.has(item.key) ? { ...item, queued: keyOf.get(item.key) } : item)));
    const files = await Promise.all(
      chosen.map(async (item) => ({
        id: keyOf.get(item.key),
        sectionId,
        tableToken: null,
        uploaderName,
        file: item.file,
        name: item.file.name,
        type: item.file.type,
        poster: await posterOf(item.file),
      })),
    );
    await uploadQueue.add(files);
  };

  // Each queued file's state, as the queue tells it.
  const status = (item: Item): Status | QueueEntry["status"] => (item.queued ? (entryOf.get(item.queued)?.status ?? "waiting") : item.status);
  const sending = phase === "uploading" && batchIds.some((id) => ["waiting", "uploading"].includes(entryOf.get(id)?.status ?? "waiting"));
  const settled =
    phase === "uploading" &&
    batchIds.length > 0 &&
    // A key the queue does not hold yet is a file about to be kept.
    batchIds.every((id) => ["stored", "pending", "refused", "cancelled"].includes(entryOf.get(id)?.status ?? "waiting"));

  // Nothing of the batch is being sent and some of it waits in the queue (no signal, or a limit for
  // now): the files are safe there, so the form is ready for the next ones at once and the queue's
  // list below tells each file's state until it arrives.
  const kept = phase === "uploading" && batchIds.length > 0 && !sending && !settled;
  useEffect(() => {
    if (!kept) return;
    setItems([]);
    setSummary(null);
    setPhase("chosen");
  }, [kept]);

  // Closing the dialog asks first only while files are going; files waiting for the signal stay queued.
  useEffect(() => {
    busyChange.current?.(sending ? stop : null);
    // The stop names the batch's files, known when it starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sending]);

  // Every file of the batch has its result: the summary, as for a batch sent in one go.
  useEffect(() => {
    if (!settled) return;
    const results = batchIds.map((id) => entryOf.get(id));
    const stored = results.filter((e) => e?.status === "stored" || e?.status === "pending").length;
    const pending = results.filter((e) => e?.status === "pending").length;
    const cancelled = results.every((e) => !e || e.status === "cancelled" || e.status === "stored" || e.status === "pending");
    const lastError = results.reverse().find((e) => e?.status === "refused")?.message ?? null;
    const total = items.length;
    if (stored > 0) {
      onStored?.();
      revalidator.revalidate();
    }
    if (cancelled && stored < batchIds.length) {
      setPhase("done");
      return;
    }
    const success = pending > 0 ? t("review:pendingNotice") : t("uploadSuccess");
    const batchSummary =
      pending > 0
        ? `${t("batch.summary", { stored, total })} ${t(pending > 1 ? "review:pendingNoticeMany" : "review:pendingNotice")}`
        : t("batch.summary", { stored, total });
    const message = total === 1 ? (stored === 1 ? success : (lastError ?? t("uploadError"))) : batchSummary;
    notifications.show({ color: stored === total ? "green" : stored > 0 ? "yellow" : "red", message });
    // Photos waiting for the couple stay listed, each saying so, until the guest is done.
    if (stored === total && pending === 0) {
      uploadQueue.forget(batchIds);
      clear();
    } else {
      setSummary(message);
      setPhase("done");
    }
    // Once, when the batch settles.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const single = items.length === 1 && phase === "chosen" ? items[0] : null;
  const entryText = useEntryStatus();
  const statusText = (item: Item) => {
    const entry = item.queued ? entryOf.get(item.queued) : undefined;
    if (entry) return entry.status === "stored" ? t("batch.stored") : entryText(entry);
    return item.status === "waiting"
      ? t("batch.waiting")
      : item.status === "uploading"
        ? `${item.progress} %`
        : item.status === "stored"
          ? t("batch.stored")
          : item.status === "pending"
            ? t("review:pendingLine")
            : item.status === "cancelled"
              ? t("batch.cancelled")
              : item.error;
  };
  // This section's files in the queue outside the form (another visit, a batch the guest closed, or one left waiting for the signal).
  const earlier = queue.entries.filter(
    (entry) => entry.sectionId === sectionId && !entry.tableToken && entry.status !== "cancelled" && !batchIds.includes(entry.id),
  );
  // One of them arrived: the gallery shows it.
  const arrived = earlier.filter((entry) => entry.status === "stored" || entry.status === "pending").length;
  const arrivedBefore = useRef(arrived);
  useEffect(() => {
    if (arrived > arrivedBefore.current) {
      onStored?.();
      revalidator.revalidate();
    }
    arrivedBefore.current = arrived;
    // Only when one more has arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrived]);

  return (
    <div className="upload">
      <p className="upload-queue-count" role="status" aria-live="polite">
        {queue.waitingForConnection > 0 ? t("queue.waitingCount", { count: queue.waitingForConnection }) : ""}
      </p>
      {earlier.length > 0 ? <UploadQueueList entries={earlier} /> : null}
      <TextInput
        label={t("review:uploaderName")}
        description={t("review:uploaderNameHint")}
        value={uploaderName}
        onChange={(e) => setUploaderName(e.currentTarget.value)}
        maxLength={MAX_UPLOADER_NAME_LENGTH}
        autoComplete="name"
        disabled={phase === "uploading"}
        size="md"
      />
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT}
        multiple
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => choose(e.currentTarget.files)}
      />
      {items.length === 0 ? (
        <Button leftSection={<UploadIcon size={18} />} onClick={() => input.current?.click()}>
          {t("uploadButton")}
        </Button>
      ) : (
        <>
          {single ? (
            <p className="upload-file">{t("selectedFile", { name: single.file.name })}</p>
          ) : (
            <ul className="upload-batch" aria-label={t("batch.listLabel")}>
              {items.map((item) => {
                const entry = item.queued ? entryOf.get(item.queued) : undefined;
                const state = status(item);
                return (
                  <li key={item.key} className={`upload-item upload-item-${state}`}>
                    {entry ? <QueueThumb entry={entry} /> : null}
                    <span className="upload-item-name">{item.file.name}</span>
                    {state === "uploading" ? (
                      <Progress
                        value={entry?.progress ?? item.progress}
                        size="sm"
                        aria-label={t("batch.progress", { name: item.file.name })}
                        className="upload-item-bar"
                      />
                    ) : null}
                    <span className="upload-item-status" role={state === "error" || state === "refused" ? "alert" : undefined}>
                      {statusText(item)}
                    </span>
                    {entry && (state === "offline" || state === "later") ? <RemoveButton entry={entry} /> : null}
                  </li>
                );
              })}
            </ul>
          )}
          {summary ? (
            <p role="status" className="upload-summary">
              {summary}
            </p>
          ) : null}
          <div className="upload-buttons">
            {phase === "done" ? (
              <Button onClick={clear}>{t("batch.done")}</Button>
            ) : (
              <>
                <Button variant="default" onClick={clear} disabled={phase === "uploading"}>
                  {t("cancelSelection")}
                </Button>
                <Button onClick={() => void upload()} disabled={phase === "uploading"}>
                  {phase === "uploading" ? t("uploading") : t("uploadButtonAction")}
                </Button>
              </>
            )}
          </div>
        </>
      )}
      <p className="upload-hint">{t("uploadHint")}</p>
      <p className="upload-hint">{t("batch.hint")}</p>
    </div>
  );
}

/** Without JavaScript: a plain multipart form taking several photos; the answer page lists each one's result. */
export function PlainUploadForm({
  sectionId,
  picker,
  nameInput,
  uploaderName = "",
  videoLimits,
}: {
  sectionId: number;
  videoLimits: VideoLimits;
  picker?: React.RefObject<HTMLInputElement>;
  /** 'Tu nombre', read once the page's script runs (what was typed before it stays). */
  nameInput?: React.RefObject<HTMLInputElement>;
  /** 'Tu nombre' as given last time (its cookie, read by the page's loader). */
  uploaderName?: string;
}) {
  const { t } = useTranslation("gallery");
  const actionData = uploadAnswerOf(useActionData<typeof action>());
  const batch = actionData?.batch ?? null;
  const error = actionData && !actionData.ok && !batch ? actionData.error : null;
  return (
    <form method="post" action={`/gallery?section=${sectionId}`} encType="multipart/form-data" className="upload plain-upload">
      <input type="hidden" name="sectionId" value={sectionId} />
      {batch ? (
        <section className="upload-answer" aria-labelledby="upload-answer-title">
          <h3 id="upload-answer-title">{t("batch.answerTitle")}</h3>
          <p role="status">
            {t("batch.summary", { stored: batch.stored, total: batch.total })}
            {batch.pending > 0 ? ` ${t(batch.pending > 1 ? "review:pendingNoticeMany" : "review:pendingNotice")}` : null}
          </p>
          <ul className="upload-batch">
            {batch.lines.map((line, i) => (
              <li key={i} className={`upload-item upload-item-${line.pending ? "pending" : line.stored ? "stored" : "error"}`}>
                <span className="upload-item-name">{line.name}</span>
                <span className="upload-item-status">
                  {line.pending
                    ? t("review:pendingLine")
                    : line.stored
                      ? t("batch.stored")
                      : t(line.error ?? "uploadError", { minutes: line.retryAfterMinutes || 10, ...videoLimits })}
                </span>
              </li>
            ))}
          </ul>
          <FormErrors id="upload-batch-errors" errors={actionData?.error ? [actionData.error] : undefined} values={{ ...videoLimits }} />
        </section>
      ) : null}
      {/* Before the file: the server reads the fields sent ahead of each photo. */}
      <label className="plain-field">
        <span>{t("review:uploaderName")}</span>
        <input ref={nameInput} type="text" name="uploaderName" defaultValue={uploaderName} maxLength={MAX_UPLOADER_NAME_LENGTH} autoComplete="name" />
        <span className="upload-hint">{t("review:uploaderNameHint")}</span>
      </label>
      <label className="plain-field">
        <span>{t("chooseFile")}</span>
        <input ref={picker} type="file" name="file" accept={UPLOAD_ACCEPT} multiple />
      </label>
      <p className="upload-hint">{t("uploadHint")}</p>
      <p className="upload-hint">{t("batch.hint")}</p>
      <FormErrors id="upload-errors" errors={error ? [error] : undefined} minutes={actionData?.retryAfterMinutes} values={{ ...videoLimits }} />
      <button type="submit" className="button">
        {t("uploadButtonAction")}
      </button>
    </form>
  );
}
