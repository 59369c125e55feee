import "~/styles/setup.css";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TooManyTries } from "~/components/setup/TooManyTries";
import type backupsEs from "~/locales/es/backups.json";
import { handleRestore, loadRestorePage } from "./restore.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const texts = data ? (Object.values(data.i18n)[0]?.backups as typeof backupsEs | undefined) : undefined;
  return [{ title: texts?.restore.title ?? "" }, { name: "robots", content: "noindex" }];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadRestorePage(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleRestore(request, context);
}

/**
 * 'Restaurar una copia' (/setup/restore?token=…): on a new site, the backup file chosen and sent
 * as a plain multipart form (the same with or without the page's script: the browser posts it and
 * shows the answer), then the panel's sign-in.
 */
export default function RestorePage() {
  const { t } = useTranslation("backups");
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  if (loaded.limitedMinutes !== null) {
    return <TooManyTries title={t("restore.title")} minutes={loaded.limitedMinutes} />;
  }
  const error = reply && "error" in reply && typeof reply.error === "string" ? reply.error : null;
  return (
    <section className="page narrow setup-page" aria-labelledby="restore-title">
      <div className="card">
        <h1 id="restore-title">{t("restore.title")}</h1>
        <p>{t("restore.intro")}</p>
        {error ? (
          <div className="form-error" role="alert" id="restore-error">
            <p>{t(`restore.errors.${error}`, { gb: loaded.maxGb })}</p>
          </div>
        ) : null}
        <form method="post" encType="multipart/form-data" action={`/setup/restore?token=${encodeURIComponent(loaded.token)}`} className="setup-form">
          <div className="setup-field">
            <label htmlFor="restore-file">{t("restore.file")}</label>
            <p id="restore-file-help" className="setup-help">
              {t("restore.fileHelp", { gb: loaded.maxGb })}
            </p>
            <input
              id="restore-file"
              type="file"
              name="file"
              accept=".zip,application/zip"
              required
              aria-describedby={error ? "restore-file-help restore-error" : "restore-file-help"}
            />
          </div>
          <button type="submit" className="button setup-submit">
            {t("restore.submit")}
          </button>
        </form>
        <p>
          <a href={`/setup?token=${encodeURIComponent(loaded.token)}`}>{t("restore.back")}</a>
        </p>
      </div>
    </section>
  );
}
