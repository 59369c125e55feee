import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Button, Textarea, TextInput } from "@mantine/core";
import { Form, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/confirm/FormErrors";
import { isWishAnswer, wishFormSchema, type PublicWish } from "~/lib/wishes";
import { useRootData } from "~/root";

/** What the /gallery action answers to a refused wish (app/routes/gallery/wishes.server.ts). */
interface WishReply {
  form: "wish";
  status?: "error" | "success";
  error?: Record<string, string[] | null>;
  initialValue?: Record<string, string | string[]> | null;
  retryAfterMinutes?: number;
}

/**
 * Under the gallery's sections: the guests' published wishes ('Mensajes de los invitados') and
 * 'Deja un mensaje para los novios'. One plain form, sent by the page's script or posted without
 * it (decision 0020): a refusal shows its messages with what was typed, a success comes back as a
 * flash message (published, or waiting for the couple's approval).
 */
export function GuestWishes({ wishes, maxName, maxMessage }: { wishes: PublicWish[]; maxName: number; maxMessage: number }) {
  const { t } = useTranslation("wishes");
  const root = useRootData();
  const actionData: unknown = useActionData();
  const reply = isWishAnswer(actionData) ? (actionData as WishReply) : undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "wish";
  // A wish sent redirects to the gallery (a new location), a refusal does not: keyed by the
  // location, the form is emptied after a wish is sent and keeps what was typed otherwise.
  const formKey = useLocation().key;
  const [form, fields] = useForm({
    id: "wish",
    // conform's reply shape; only the wish form's answers are handed to it.
    lastResult: busy ? undefined : (reply as Parameters<typeof useForm>[0]["lastResult"]),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: wishFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const fieldError = (errors: unknown, id: string) => (Array.isArray(errors) && errors.length ? <FormErrors id={id} errors={errors as string[]} /> : undefined);

  return (
    <section id="wishes" className="gallery-wishes" aria-labelledby="wishes-list-title">
      <h2 id="wishes-list-title" className="section-title">
        {t("listTitle")}
      </h2>
      {wishes.length === 0 ? (
        <p className="gallery-empty">{t("noWishes")}</p>
      ) : (
        <ul className="wish-list">
          {wishes.map((wish) => (
            <li key={wish.id} className="wish-card">
              <blockquote>
                <p>{wish.message}</p>
                <footer>— {wish.name}</footer>
              </blockquote>
            </li>
          ))}
        </ul>
      )}

      <div className="card wish-form-card">
        <h2 id="wish-form-title">{t("title")}</h2>
        <p>{t("intro", { names: root?.couple.names ?? "" })}</p>
        <Form key={formKey} method="post" action="/gallery" preventScrollReset {...getFormProps(form)} aria-labelledby="wish-form-title" className="wish-form">
          <input type="hidden" name="intent" value="wish" />
          <TextInput
            {...getInputProps(fields.name, { type: "text" })}
            key={fields.name.key}
            label={t("name")}
            maxLength={maxName}
            autoComplete="name"
            size="md"
            error={fieldError(fields.name.errors, fields.name.errorId)}
          />
          <Textarea
            {...getTextareaProps(fields.message)}
            key={fields.message.key}
            label={t("message")}
            maxLength={maxMessage}
            minRows={3}
            autosize
            size="md"
            error={fieldError(fields.message.errors, fields.message.errorId)}
          />
          <FormErrors id={form.errorId} errors={form.errors as string[] | undefined} minutes={reply?.retryAfterMinutes} />
          <Button type="submit" size="md" disabled={busy}>
            {busy ? t("sending") : t("send")}
          </Button>
        </Form>
      </div>
    </section>
  );
}
