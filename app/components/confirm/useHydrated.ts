import { useEffect, useState, useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * False in the server render and while the server's page is hydrated; true once React runs in the
 * browser. A component first drawn after that (a client-side navigation, a view swapped in by an
 * answer) is true from its first render: it never shows, even for one frame, the plain-form
 * variant that is there only for a page whose script has not run yet. (React reads the server
 * snapshot only while hydrating the server's page; any later first render reads the client's.)
 * `beforeSwitch` runs once, just before the first render that knows it, and only when the
 * component was hydrated from the server's page: what that page shows only without its script (a
 * plain form) is still there to be read.
 */
export function useHydrated(beforeSwitch?: () => void): boolean {
  const drawnByClient = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [hydrated, setHydrated] = useState(drawnByClient);
  useEffect(() => {
    if (hydrated) return;
    beforeSwitch?.();
    setHydrated(true);
    // Once, at hydration: a later beforeSwitch would have nothing left to read.
  }, []);
  return hydrated;
}
