import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { findInvitationByCode } from "~/models/invitations.server";
import { consume, RateLimited } from "~/infra/rate-limit.server";
import { TOO_MANY_REQUESTS_KEY } from "~/http/rate-limited.server";
import { isLanguage, languageCookie } from "~/infra/i18n.server";
import { flashToastHeader, storeCodeHeader } from "~/infra/session.server";
import { clientIp } from "~/http/request.server";
import { isHttps } from "~/lib/https";
import { noteOpening } from "~/http/opened.server";

/**
 * GET /i/{code}: a guest's personal link. The code is looked up and stored exactly as a valid
 * 'Verificar Código' does (same limit, same signed cookie), then /confirm shows the invitation.
 * The invitation's language becomes the site's unless the guest already chose one. The opening is
 * recorded for the admin's 'Abrió la invitación' (never the admin's own visits, nor link previews).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  try {
    await consume("code", clientIp(context));
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    headers.append("Set-Cookie", await flashToastHeader(request, { kind: "error", key: TOO_MANY_REQUESTS_KEY, values: { minutes: error.retryAfterMinutes } }));
    return redirect("/confirm", { headers });
  }
  // Codes are short; anything longer is not one (and is not worth normalising).
  const invitation = (params.code ?? "").length <= 64 ? await findInvitationByCode(params.code ?? "") : null;
  if (!invitation) {
    headers.append("Set-Cookie", await flashToastHeader(request, { kind: "error", key: "confirm:form.invalidCode" }));
    return redirect("/confirm", { headers });
  }
  await noteOpening(request, invitation.id);
  headers.append("Set-Cookie", await storeCodeHeader(request, invitation.code));
  const chosen = await languageCookie.parse(request.headers.get("Cookie"));
  if (!isLanguage(chosen)) {
    headers.append("Set-Cookie", await languageCookie.serialize(invitation.language, { secure: isHttps(request) }));
  }
  return redirect("/confirm", { headers });
}
