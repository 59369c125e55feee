import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { handleUnsubscribe, loadUnsubscribePage } from "~/http/unsubscribe-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? data.texts.metaTitle.replace("{{names}}", data.names) : "" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  const page = await loadUnsubscribePage(params.token);
  return data(page.body, { status: page.status, headers: page.headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return handleUnsubscribe(request, context, params.token);
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");

/** 'Ya no quiero recibir correos': the page an e-mail's link opens, in that e-mail's language. */
export default function Unsubscribe() {
  const { state, language, texts, names, email } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="page narrow center" lang={language}>
      <div className="card">
        {state === "done" ? (
          <>
            <h1>{texts.doneTitle}</h1>
            <p role="status">{fill(texts.done, { email })}</p>
          </>
        ) : state === "invalid" ? (
          <>
            <h1>{texts.title}</h1>
            <p>{texts.invalid}</p>
          </>
        ) : (
          <>
            <h1>{texts.title}</h1>
            <p>{fill(texts.description, { names, email })}</p>
            <Form method="post">
              <button type="submit" className="button" disabled={busy}>
                {texts.button}
              </button>
            </Form>
          </>
        )}
        <p>
          <Link to="/">{texts.backHome}</Link>
        </p>
      </div>
    </section>
  );
}
