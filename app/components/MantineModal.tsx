import { Modal, type ModalProps } from "@mantine/core";
import { useEffect, useState } from "react";

/**
 * Mantine's Modal as a chunk of its own, loaded by LazyModal. It mounts closed and opens on the next
 * render: Mantine records the element that had focus when `opened` changes, not when the dialog
 * mounts open, and gives focus back to it when the dialog closes.
 */
export default function MantineModal(props: ModalProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <Modal {...props} opened={mounted && props.opened} />;
}
