import type { ModalProps } from "@mantine/core";
import { lazy, Suspense, useEffect, useState } from "react";

const loadModal = () => import("./MantineModal");
const Modal = lazy(loadModal);

/**
 * Mantine's Modal, whose code (its focus trap, overlay, portal and scroll area: about 25 KB gzip) is
 * not part of the page's first load. A guest's page is read far more often than its dialogs are
 * opened, and a phone parses all of a page's first-load scripts before it responds to a tap.
 *
 * Rendered only once the page has hydrated (a dialog has no server HTML: a fresh boundary, nothing to
 * hydrate late). The code is fetched as soon as the browser is idle after that, so it is there when a
 * dialog first opens; if it is not yet, the dialog shows when it arrives. Once opened it stays mounted,
 * so it can close with its transition.
 */
export function LazyModal(props: ModalProps) {
  const [opened, setOpened] = useState(props.opened);
  useEffect(() => {
    if (props.opened) setOpened(true);
  }, [props.opened]);
  useEffect(() => {
    if (!window.requestIdleCallback) return void loadModal();
    const idle = window.requestIdleCallback(() => void loadModal());
    return () => window.cancelIdleCallback(idle);
  }, []);
  if (!opened && !props.opened) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
