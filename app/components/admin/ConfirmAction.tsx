import { Button, Group, Modal, Text } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/confirm/useHydrated";
import type { ConfirmedIntent } from "~/lib/admin-schemas";
import { AdminForm } from "./AdminForm";
import { useAdminAction } from "./useAdminFetcher";

/**
 * A destructive admin action behind "are you sure?". With JavaScript: a dialog, then the post.
 * Without: the post (no confirmation) leads to a page that asks the same question.
 */
export function ConfirmAction(props: {
  intent: ConfirmedIntent;
  id: number;
  name?: string;
  prompt: string;
  /** Accessible name when the visible content is only an icon. */
  label?: string;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation("dashboard");
  const remove = useAdminAction(props.intent);
  const { fetcher, busy } = remove;
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      <AdminForm
        action={remove}
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <input type="hidden" name="id" value={props.id} />
        {props.name ? <input type="hidden" name="name" value={props.name} /> : null}
        <button type="submit" className={props.className ?? "danger-button"} aria-label={props.label} title={props.label} disabled={busy}>
          {props.children}
        </button>
      </AdminForm>
      <Modal opened={open} onClose={() => setOpen(false)} title={t("confirm.title")} centered>
        <Text>{props.prompt}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>
            {t("confirm.no")}
          </Button>
          <Button
            // Shade 9: white text at 5.5:1 (shade 8 is a bare 4.5:1).
            color="red.9"
            data-autofocus
            onClick={() => {
              setOpen(false);
              fetcher.submit({ intent: props.intent, id: String(props.id), confirmed: "yes" }, { method: "post", preventScrollReset: true });
            }}
          >
            {t("confirm.yes")}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
