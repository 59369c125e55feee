import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/confirm/FormErrors";
import { MAX_UPLOAD_BYTES } from "~/lib/constants";
import type { action } from "~/routes/gallery";
import { UploadIcon } from "../icons";

/** With JavaScript: pick, see the name, cancel or confirm. The server checks everything again. */
export function UploadForm({ sectionId }: { sectionId: number }) {
  const { t } = useTranslation("gallery");
  const fetcher = useFetcher<typeof action>();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const handled = useRef<unknown>(null);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      notifications.show({ color: "green", message: t("uploadSuccess") });
      setFile(null);
      setError(null);
      if (input.current) input.current.value = "";
    } else {
      const message = t(result.error ?? "uploadError", { minutes: result.retryAfterMinutes || 10 });
      notifications.show({ color: "red", message });
      setError(message);
    }
  }, [fetcher.data, fetcher.state, t]);

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    setError(null);
    if (picked.size > MAX_UPLOAD_BYTES) {
      // Not kept: the guest picks another one.
      notifications.show({ color: "red", message: t("fileTooLarge") });
      if (input.current) input.current.value = "";
      setFile(null);
      return;
    }
    setFile(picked);
  };

  const upload = () => {
    if (!file) return;
    const form = new FormData();
    form.set("sectionId", String(sectionId));
    form.set("_js", "1");
    form.set("file", file);
    fetcher.submit(form, { method: "post", encType: "multipart/form-data", action: "/gallery" });
  };

  return (
    <div className="upload">
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => choose(e.currentTarget.files?.[0])}
      />
      {file ? (
        <>
          <p className="upload-file">{t("selectedFile", { name: file.name })}</p>
          <div className="upload-buttons">
            <Button variant="default" onClick={() => (setFile(null), setError(null), input.current && (input.current.value = ""))} disabled={busy}>
              {t("cancelSelection")}
            </Button>
            <Button onClick={upload} disabled={busy}>
              {busy ? t("uploading") : t("uploadButtonAction")}
            </Button>
          </div>
        </>
      ) : (
        <Button leftSection={<UploadIcon size={18} />} onClick={() => input.current?.click()} disabled={busy}>
          {t("uploadButton")}
        </Button>
      )}
      <p className="upload-hint">{t("uploadHint")}</p>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Without JavaScript: a plain multipart form. */
export function PlainUploadForm({ sectionId }: { sectionId: number }) {
  const { t } = useTranslation("gallery");
  const actionData = useActionData<typeof action>();
  const error = actionData && !actionData.ok ? actionData.error : null;
  return (
    <form method="post" action={`/gallery?section=${sectionId}`} encType="multipart/form-data" className="upload plain-upload">
      <input type="hidden" name="sectionId" value={sectionId} />
      <label className="plain-field">
        <span>{t("chooseFile")}</span>
        <input type="file" name="file" accept="image/*" />
      </label>
      <p className="upload-hint">{t("uploadHint")}</p>
      <FormErrors id="upload-errors" errors={error ? [error] : undefined} minutes={actionData?.retryAfterMinutes} />
      <button type="submit" className="button">
        {t("uploadButtonAction")}
      </button>
    </form>
  );
}
