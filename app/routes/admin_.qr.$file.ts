import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/infra/auth.server";
import { clientIp } from "~/http/request.server";
import { publicBaseUrl } from "~/http/public-url.server";
import { qrPng, qrSvg } from "~/infra/qr.server";
import { personalLink } from "~/lib/personal-link";
import { findInvitationByCode } from "~/models/invitations.server";

/**
 * GET /admin/qr/{code}.svg and .png (admin only): the QR code of an invitation's personal link.
 * `?download=1` saves it as a file named after the code.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, clientIp(context));
  const match = /^([A-Za-z0-9]{1,16})\.(svg|png)$/.exec(params.file ?? "");
  const invitation = match ? await findInvitationByCode(match[1]) : null;
  if (!match || !invitation) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const link = personalLink(publicBaseUrl(request), invitation.code);
  const headers: Record<string, string> = { "Cache-Control": "private, no-store" };
  if (new URL(request.url).searchParams.get("download") === "1") {
    headers["Content-Disposition"] = `attachment; filename="invitacion-${invitation.code}.${match[2]}"`;
  }
  if (match[2] === "svg") return new Response(await qrSvg(link), { headers: { ...headers, "Content-Type": "image/svg+xml; charset=utf-8" } });
  return new Response(new Uint8Array(await qrPng(link)), { headers: { ...headers, "Content-Type": "image/png" } });
}
