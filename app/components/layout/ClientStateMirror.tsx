import { useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTheme } from "~/lib/remix-themes";
import { STORAGE_KEYS } from "~/lib/constants";
import { writePersistedState, type PersistedInvitation } from "~/lib/persisted-state";

/**
 * Mirrors what the server knows into the browser's storage keys:
 * wedding-storage ({theme, invitationCode, invitation}), theme and i18nextLng.
 * A language saved only in the browser (no cookie yet) wins once, as the detection
 * order says (saved choice, then browser, then page tag).
 */
export function ClientStateMirror(props: { lang: string; theme: string | null; invitation: PersistedInvitation | null }) {
  const [theme] = useTheme();
  const resolved = theme ?? "light";
  const submit = useSubmit();
  const location = useLocation();
  const checkedSavedLanguage = useRef(false);

  useEffect(() => {
    try {
      if (!checkedSavedLanguage.current) {
        checkedSavedLanguage.current = true;
        const saved = localStorage.getItem(STORAGE_KEYS.language);
        const hasCookie = document.cookie.split(/;\s*/).some((c) => c.startsWith("lng="));
        if (!hasCookie && (saved === "es" || saved === "en") && saved !== props.lang) {
          submit({ lng: saved, redirectTo: location.pathname + location.search }, { method: "post", action: "/action/set-language" });
          return;
        }
      }
      localStorage.setItem(STORAGE_KEYS.language, props.lang);
      if (props.theme) localStorage.setItem(STORAGE_KEYS.theme, props.theme);
      writePersistedState({ theme: resolved, invitationCode: props.invitation?.code ?? null, invitation: props.invitation });
    } catch {
      // Storage can be unavailable (private mode); the cookies still hold everything.
    }
  }, [props.lang, props.theme, props.invitation, resolved, submit, location.pathname, location.search]);
  return null;
}
