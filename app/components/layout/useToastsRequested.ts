import { useMatches } from "@remix-run/react";
import { useEffect, useState } from "react";

/** A route whose page can show toasts says so in its `handle` (`toasts: true`). */
export const showsToasts = { toasts: true } as const;

/**
 * True from the first toast on. The toast container (Mantine and its CSS) is loaded only then:
 * most visits never show a toast, and loading it right after hydration cost the home page's
 * main thread. A toast shown before it arrives waits in Mantine's store and appears when it mounts.
 * A flash toast (`flash`, from the root's data) requests it at once; otherwise the store is watched
 * only on pages that can show one (`handle.toasts`, see `showsToasts`). Those pages import Mantine's
 * notifications themselves, so watching costs no request, and the home page's first load does not
 * carry the store (decision 0014).
 */
export function useToastsRequested(flash: boolean): boolean {
  const [requested, setRequested] = useState(false);
  const watch = useMatches().some((m) => (m.handle as { toasts?: boolean } | undefined)?.toasts === true);
  useEffect(() => {
    if (requested) return;
    if (flash) {
      setRequested(true);
      return;
    }
    if (!watch) return;
    let stop: (() => void) | undefined;
    let left = false;
    void import("./watch-toasts").then(({ watchToasts }) => {
      if (!left) stop = watchToasts(() => setRequested(true));
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [flash, watch, requested]);
  return requested;
}
