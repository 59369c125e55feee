import { notificationsStore } from "@mantine/notifications";
import { useEffect, useState } from "react";

const pending = () => {
  const state = notificationsStore.getState();
  return state.notifications.length + state.queue.length > 0;
};

/**
 * True from the first toast on. The toast container (Mantine and its CSS) is loaded only then:
 * most visits never show a toast, and loading it right after hydration cost the home page's
 * main thread. A toast shown before it arrives waits in Mantine's store and appears when it mounts.
 */
export function useToastsRequested(): boolean {
  const [requested, setRequested] = useState(false);
  useEffect(() => {
    if (pending()) {
      setRequested(true);
      return;
    }
    const unsubscribe = notificationsStore.subscribe(() => {
      if (pending()) setRequested(true);
    });
    return unsubscribe;
  }, []);
  return requested;
}
