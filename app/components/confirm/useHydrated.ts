import { useEffect, useState } from "react";

/**
 * False in the server render and before hydration; true once React runs in the browser.
 * `beforeSwitch` runs once, just before the first render that knows it: what the page shows only
 * without its script (a plain form) is still there to be read.
 */
export function useHydrated(beforeSwitch?: () => void): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    beforeSwitch?.();
    setHydrated(true);
    // Once, at hydration: a later beforeSwitch would have nothing left to read.
  }, []);
  return hydrated;
}
