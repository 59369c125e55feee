import { Button, Text } from "@mantine/core";
import { LazyModal } from "~/components/LazyModal";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { action } from "./route";
import { useHydrated } from "~/components/confirm/useHydrated";

export const DECLINE_FETCHER = "decline-invitation";

/**
 * 'No podré asistir': asks once more before the "no" is sent. With JavaScript a dialog; without,
 * a link to the plain confirmation step (DeclineStep), which posts the answer.
 */
export function DeclineAction() {
  const { t } = useTranslation(["confirm", "common"]);
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof action>({ key: DECLINE_FETCHER });
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  return (
    <div className="confirm-decline">
      <Link
        to="?step=decline"
        className="button secondary decline-button"
        aria-disabled={busy || undefined}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          if (!busy) setOpen(true);
        }}
      >
        {t("decline.button")}
      </Link>
      {/* Only once the page runs (without JavaScript the link leads to DeclineStep): the server does
          not build it for every guest (decision 0015). */}
      {hydrated ? (
        <LazyModal opened={open} onClose={() => setOpen(false)} title={t("decline.title")} centered closeButtonProps={{ "aria-label": t("common:close") }}>
          <Text>{t("decline.question")}</Text>
          <div className="confirm-dialog-buttons">
            <Button variant="default" onClick={() => setOpen(false)} data-autofocus>
              {t("decline.cancel")}
            </Button>
            <Button
              color="red.9"
              onClick={() => {
                setOpen(false);
                fetcher.submit({ intent: "decline" }, { method: "post" });
              }}
            >
              {t("decline.yes")}
            </Button>
          </div>
        </LazyModal>
      ) : null}
    </div>
  );
}

/** The plain (no-JavaScript) "are you sure?" step before a "no". */
export function DeclineStep() {
  const { t } = useTranslation(["confirm", "common"]);
  return (
    <div className="card center" role="alertdialog" aria-labelledby="decline-step-title" aria-describedby="decline-step-text">
      <h1 id="decline-step-title" className="confirm-title">
        {t("decline.title")}
      </h1>
      <p id="decline-step-text">{t("decline.question")}</p>
      <div className="confirm-dialog-buttons decline-step-buttons">
        <Form method="post">
          <input type="hidden" name="intent" value="decline" />
          <button type="submit" className="button danger">
            {t("decline.yes")}
          </button>
        </Form>
        <Link to="/confirm" className="button secondary">
          {t("decline.cancel")}
        </Link>
      </div>
    </div>
  );
}
