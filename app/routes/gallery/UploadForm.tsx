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

/** Photos sent at the same time: a phone on the venue's network shares its bandwidth, the server decodes two at once. */
const PARALLEL_UPLOADS = 2;
/** The video limits the server applies (GALLERY_VIDEO_MAX_MB, 60 s), for the messages and the check before sending. */
export interface VideoLimits {
  mb: number;
  seconds: number;
}

/** The longest a video's poster may take to draw before the video is sent without one. */
const POSTER_WAIT_MS = 5000;
/** The poster's longest side: the server makes the thumbnail from it. */
const POSTER_MAX_PX = 1280;

/**
 * A chosen video's first frame as a JPEG (sent as its poster), or null when this browser cannot
 * draw it in time (a format it does not play): the video then shows a plain tile. The server
 * checks the picture through its image pipeline and tells videos by their bytes, not this type.
 */
function posterOf(file: File): Promise<Blob | null> {
  if (!file.type.startsWith("video/")) return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement("video");
    let settled = false;
    const finish = (blob: Blob | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute("src");
      video.load();
      URL.revokeObjectURL(url);
      resolve(blob);
    };
    const timer = setTimeout(() => finish(null), POSTER_WAIT_MS);
    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    video.onloadeddata = () => {
      const scale = Math.min(1, POSTER_MAX_PX / Math.max(video.videoWidth, video.videoHeight, 1));
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      const draw = canvas.getContext("2d");
      if (!draw || canvas.width === 0 || canvas.height === 0) return finish(null);
      draw.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => finish(blob), "image/jpeg", 0.85);
    };
    video.onerror = () => finish(null);
    video.src = url;
  });
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
}

type Sent = { ok: true; pending: boolean } | { ok: false; message: string | null; cancelled: boolean };

/**
 * One photo to the upload endpoint (the same receivePhoto flow as every upload) with
 * XMLHttpRequest, the only browser API that reports how much of a request body has gone.
 */
function sendPhoto(sectionId: number, file: File, uploaderName: string, onProgress: (percent: number) => void): { done: Promise<Sent>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Sent>((resolve) => {
    xhr.open("POST", `/api/gallery/sections/${sectionId}/media`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        let pending = false;
        try {
          pending = (JSON.parse(xhr.responseText) as { status?: unknown }).status === "pending";
        } catch {
          // Stored all the same.
        }
        return resolve({ ok: true, pending });
      }
      let message: string | null = null;
      try {
        const body = JSON.parse(xhr.responseText) as { error?: unknown };
        if (typeof body.error === "string") message = body.error;
      } catch {
        // Not the API's answer (a proxy's error page): the generic message.
      }
      resolve({ ok: false, message, cancelled: false });
    };
    xhr.onerror = () => resolve({ ok: false, message: null, cancelled: false });
    xhr.onabort = () => resolve({ ok: false, message: null, cancelled: true });
    const form = new FormData();
    // Before the file: the server reads the fields sent ahead of it (a video's poster too).
    form.set("uploaderName", uploaderName);
    void posterOf(file).then((poster) => {
      if (aborted) return resolve({ ok: false, message: null, cancelled: true });
      if (poster) form.set("poster", poster, "poster.jpg");
      form.set("file", file);
      xhr.send(form);
    });
  });
  let aborted = false;
  return {
    done,
    abort: () => {
      aborted = true;
      xhr.abort();
    },
  };
}

/**
 * With JavaScript: pick one photo or a camera roll's worth (up to MAX_UPLOAD_BATCH), see each
 * name, then each uploads with its own progress and result, two at a time. The server checks
 * everything again. `onBusyChange` gets a way to stop the batch while it runs (null when idle),
 * so closing the dialog can ask first.
 */
export function UploadForm({
  sectionId,
  picked,
  onBusyChange,
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
}) {
  const { t } = useTranslation("gallery");
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [phase, setPhase] = useState<"chosen" | "uploading" | "done">("chosen");
  const [summary, setSummary] = useState<string | null>(null);
  const [uploaderName, setUploaderName] = useState(savedName);
  const inFlight = useRef(new Set<() => void>());
  const stopped = useRef(false);
  const seq = useRef(0);
  const busyChange = useRef(onBusyChange);
  busyChange.current = onBusyChange;

  // Leaving the page (or the dialog, once the guest agreed) stops what is still going.
  useEffect(() => {
    const running = inFlight.current;
    return () => {
      stopped.current = true;
      for (const abort of running) abort();
      busyChange.current?.(null);
    };
  }, []);

  const update = (key: number, change: Partial<Item>) => setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const clear = () => {
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

  const stop = () => {
    stopped.current = true;
    for (const abort of inFlight.current) abort();
    setItems((list) => list.map((item) => (item.status === "waiting" || item.status === "uploading" ? { ...item, status: "cancelled", error: null } : item)));
  };

  const upload = async () => {
    const queue = items.filter((item) => item.status === "waiting");
    if (queue.length === 0 || phase !== "chosen") return;
    stopped.current = false;
    setPhase("uploading");
    busyChange.current?.(stop);
    let stored = 0;
    let pending = 0;
    let lastError: string | null = null;
    let next = 0;
    const worker = async () => {
      while (next < queue.length && !stopped.current) {
        const item = queue[next++];
        update(item.key, { status: "uploading", progress: 0 });
        const sent = sendPhoto(sectionId, item.file, uploaderName, (progress) => update(item.key, { progress }));
        inFlight.current.add(sent.abort);
        const result = await sent.done;
        inFlight.current.delete(sent.abort);
        if (result.ok) {
          stored++;
          if (result.pending) pending++;
          update(item.key, { status: result.pending ? "pending" : "stored", progress: 100 });
        } else if (result.cancelled) {
          update(item.key, { status: "cancelled" });
        } else {
          lastError = result.message ?? t("uploadError");
          update(item.key, { status: "error", error: lastError });
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, worker));
    busyChange.current?.(null);
    if (stored > 0) revalidator.revalidate();
    if (stopped.current) return;
    const total = items.length;
    const success = pending > 0 ? t("review:pendingNotice") : t("uploadSuccess");
    const batchSummary =
      pending > 0
        ? `${t("batch.summary", { stored, total })} ${t(pending > 1 ? "review:pendingNoticeMany" : "review:pendingNotice")}`
        : t("batch.summary", { stored, total });
    const message = total === 1 ? (stored === 1 ? success : (lastError ?? t("uploadError"))) : batchSummary;
    notifications.show({ color: stored === total ? "green" : stored > 0 ? "yellow" : "red", message });
    // Photos waiting for the couple stay listed, each saying so, until the guest is done.
    if (stored === total && pending === 0) clear();
    else {
      setSummary(message);
      setPhase("done");
    }
  };

  const single = items.length === 1 && phase === "chosen" ? items[0] : null;
  const statusText = (item: Item) =>
    item.status === "waiting"
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

  return (
    <div className="upload">
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
              {items.map((item) => (
                <li key={item.key} className={`upload-item upload-item-${item.status}`}>
                  <span className="upload-item-name">{item.file.name}</span>
                  {item.status === "uploading" ? (
                    <Progress value={item.progress} size="sm" aria-label={t("batch.progress", { name: item.file.name })} className="upload-item-bar" />
                  ) : null}
                  <span className="upload-item-status" role={item.status === "error" ? "alert" : undefined}>
                    {statusText(item)}
                  </span>
                </li>
              ))}
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
