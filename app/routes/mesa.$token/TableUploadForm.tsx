import { useActionData } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { MAX_UPLOAD_BATCH, MAX_UPLOADER_NAME_LENGTH, UPLOAD_ACCEPT } from "~/lib/constants";
import { uploadQueue } from "~/lib/upload-queue";
import { useUploadQueue } from "~/components/upload/useUploadQueue";
import { posterOf } from "~/lib/video-poster";
import type { action } from "./route";

/** 'Esperando conexión (N)' alone (a polite live region): while the list's code loads, or when it could not be loaded. */
function QueueCount() {
  const { t } = useTranslation("gallery");
  const queue = useUploadQueue();
  return (
    <p className="upload-queue-count" role="status" aria-live="polite">
      {queue.waitingForConnection > 0 ? t("queue.waitingCount", { count: queue.waitingForConnection }) : ""}
    </p>
  );
}

/**
 * The queue's list comes with Mantine, so it is loaded once the page's script runs: the page
 * without JavaScript and its first paint stay as they were. A phone that lost its signal before
 * it arrived keeps the count alone (its files are kept and sent all the same).
 */
const TableQueue = lazy(() => import("./TableQueue").catch(() => ({ default: QueueCount })));

/**
 * 'Sube tus fotos' on a table's page. Without JavaScript a plain multipart form (decision 0060):
 * the answer comes back as the flash message. With it, the chosen files go into the phone's
 * upload queue like the gallery's (decision 0070): each kept with the table's token until the
 * server has it, sent again when the signal returns, 'Esperando conexión (N)' meanwhile.
 */
export function TableUploadForm({ table, section, uploaderName }: { table: { token: string }; section: { id: number; name: string }; uploaderName: string }) {
  const { t } = useTranslation("tableCards");
  const answer = useActionData<typeof action>();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    // Started here, not by the list: what waits is sent even before (or without) the list's code.
    uploadQueue.start();
  }, []);
  const nameInput = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [tooMany, setTooMany] = useState(false);

  const queueFiles = async (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const files = [...(picker.current?.files ?? [])];
    if (files.length === 0) return;
    event.preventDefault();
    // The gallery's batch: the first MAX_UPLOAD_BATCH, saying so.
    setTooMany(files.length > MAX_UPLOAD_BATCH);
    const name = nameInput.current?.value ?? "";
    try {
      const chosen = await Promise.all(
        files.slice(0, MAX_UPLOAD_BATCH).map(async (file) => ({
          sectionId: section.id,
          tableToken: table.token,
          uploaderName: name,
          file,
          name: file.name,
          type: file.type,
          poster: await posterOf(file),
        })),
      );
      await uploadQueue.add(chosen);
      if (picker.current) picker.current.value = "";
    } catch {
      // The phone cannot keep them (its storage refused): the plain form sends them now instead.
      form.submit();
    }
  };

  return (
    <>
      <form method="post" encType="multipart/form-data" className="table-upload" onSubmit={(event) => void queueFiles(event)}>
        <p>{t("page.uploadIntro", { section: section.name })}</p>
        {/* Before the files: the server reads the fields sent ahead of each photo. */}
        <label>
          <span>{t("review:uploaderName")}</span>
          <input ref={nameInput} type="text" name="uploaderName" defaultValue={uploaderName} maxLength={MAX_UPLOADER_NAME_LENGTH} autoComplete="name" />
          <span className="upload-hint">{t("review:uploaderNameHint")}</span>
        </label>
        <label>
          <span>{t("gallery:chooseFile")}</span>
          <input ref={picker} type="file" name="file" accept={UPLOAD_ACCEPT} multiple required />
          <span className="upload-hint">{t("gallery:uploadHint")}</span>
        </label>
        {answer && !answer.ok ? (
          <p role="alert" className="table-upload-error">
            {t(answer.error, { minutes: answer.retryAfterMinutes || 10 })}
          </p>
        ) : null}
        {tooMany ? <p role="alert">{t("gallery:batch.tooMany")}</p> : null}
        <div>
          <button type="submit" className="button">
            {t("gallery:uploadButtonAction")}
          </button>
        </div>
      </form>
      {hydrated ? (
        <Suspense fallback={<QueueCount />}>
          <TableQueue />
        </Suspense>
      ) : null}
    </>
  );
}
