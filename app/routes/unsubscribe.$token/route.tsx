import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { handleUnsubscribe, loadUnsubscribePage } from "./unsubscribe.server";
import type mailEs from "~/locales/es/mail.json";
import { fillMarks } from "~/lib/format";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const texts = data?.i18n[data.language]?.mail as typeof mailEs | undefined;
  return [{ title: texts ? fillMarks(texts.unsubscribe.metaTitle, { names: data!.names }) : "" }, { name: "robots", content: "noindex" }];
};

export async function loader({ params }: LoaderFunctionArgs) {
  const page = await loadUnsubscribePage(params.token);
  return data(page.body, { status: page.status, headers: page.headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return handleUnsubscribe(request, context, params.token);
}

/** 'Ya no quiero recibir correos': the page an e-mail's link opens, in that e-mail's language. */
export default function Unsubscribe() {
  const { state, language, names, email } = useLoaderData<typeof loader>();
  const { t } = useTranslation("mail", { lng: language, keyPrefix: "unsubscribe" });
  const busy = useNavigation().state !== "idle";
  return (
    <section className="page narrow center" lang={language}>
      <div className="card">
        {state === "done" ? (
          <>
            <h1>{t("doneTitle")}</h1>
            <p role="status">{t("done", { email })}</p>
          </>
        ) : state === "invalid" ? (
          <>
            <h1>{t("title")}</h1>
            <p>{t("invalid")}</p>
          </>
        ) : (
          <>
            <h1>{t("title")}</h1>
            <p>{t("description", { names, email })}</p>
            <Form method="post">
              <button type="submit" className="button" disabled={busy}>
                {t("button")}
              </button>
            </Form>
          </>
        )}
        <p>
          <Link to="/">{t("backHome")}</Link>
        </p>
      </div>
    </section>
  );
}
