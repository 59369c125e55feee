import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/confirm/useHydrated";

/** Copies by the page's selection when the clipboard API is not there (a page served over plain http). */
function copyBySelection(element: HTMLElement): boolean {
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

/**
 * A value a guest copies (an account number, a Yappy number, a registry's address): the value as
 * selectable text (one tap selects it all), and with JavaScript a 'Copiar' button beside it, then
 * 'Copiado' beside the button for a moment (announced; the button keeps its name). Without
 * JavaScript there is no button that would do nothing.
 */
export function CopyValue({ value, label, id }: { value: string; label: string; id: string }) {
  const { t } = useTranslation("contentExtras");
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    const element = document.getElementById(id);
    let copied = false;
    try {
      if (navigator.clipboard) {
        await navigator.clipboard.writeText(value);
        copied = true;
      }
    } catch {
      // Refused (no permission): the selection below.
    }
    if (!copied && element) copied = copyBySelection(element);
    // Not copied: the value stays selected, for the phone's own copy.
    setState(copied ? "copied" : "failed");
    if (copied) window.setTimeout(() => setState("idle"), 2500);
  };
  return (
    <span className="copy-value">
      <span id={id} className="copy-text">
        {value}
      </span>
      {hydrated ? (
        <button type="button" className="button secondary copy-button" aria-label={t("home.gifts.copyLabel", { what: label })} onClick={copy}>
          {t("home.gifts.copy")}
        </button>
      ) : null}
      <span className="copy-status" role="status">
        {state === "copied" ? t("home.gifts.copied") : state === "failed" ? t("home.gifts.copyFailed") : ""}
      </span>
    </span>
  );
}
