import { notificationsStore } from "@mantine/notifications";

/** Calls `onToast` once Mantine's store holds a toast (now or later); returns the unsubscribe. */
export function watchToasts(onToast: () => void): () => void {
  const pending = () => {
    const state = notificationsStore.getState();
    return state.notifications.length + state.queue.length > 0;
  };
  if (pending()) {
    onToast();
    return () => {};
  }
  return notificationsStore.subscribe(() => {
    if (pending()) onToast();
  });
}
