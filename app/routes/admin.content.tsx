import { Outlet } from "@remix-run/react";
import { screenLoader } from "~/http/admin/tab-action.server";

/** Contenido (/admin/content): the frame of its sub-sections (Multimedia: admin.content.media). */
export const loader = screenLoader(async () => ({}));

export default function ContentScreen() {
  return <Outlet />;
}
