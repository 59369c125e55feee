import crypto from "node:crypto";
import sharp from "sharp";
import { APP_ICONS, appIconSvg, coupleInitials, type AppIconFile } from "~/lib/app-icon";

/** A PNG per icon and initials, made once: the couple rename themselves rarely. */
const rendered = new Map<string, Promise<Buffer>>();
const MAX_KEPT = 12;

/** The icons' version: changes with the initials, so the manifest's icon addresses change with them. */
export function appIconVersion(names: string): string {
  return crypto.createHash("sha256").update(coupleInitials(names)).digest("hex").slice(0, 10);
}

export function appIconPng(names: string, file: AppIconFile): Promise<Buffer> {
  const initials = coupleInitials(names);
  const key = `${file} ${initials}`;
  let png = rendered.get(key);
  if (!png) {
    if (rendered.size >= MAX_KEPT) rendered.delete(rendered.keys().next().value!);
    png = sharp(Buffer.from(appIconSvg(initials, APP_ICONS[file])))
      .png()
      .toBuffer();
    png.catch(() => rendered.delete(key));
    rendered.set(key, png);
  }
  return png;
}
