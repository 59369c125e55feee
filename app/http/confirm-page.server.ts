import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { confirmKeptFields, confirmPageFields, confirmPageSchema } from "~/lib/confirm-schemas";
import { MAX_NAME_LENGTH } from "~/lib/constants";
import { confirmInvitation, declineInvitation, findInvitationByCode, type ConfirmError } from "~/models/invitations.server";
import { guestView } from "~/lib/invitation-view";
import { consume, RateLimited } from "~/infra/rate-limit.server";
import { clientIp, isCrossOrigin } from "~/http/request.server";
import { clearCodeHeader, flashToastHeader, getStoredCode, storeCodeHeader } from "~/infra/session.server";
import { errorsOnly, keptValues, readForm, sentByScript } from "~/http/form.server";
import { rateLimitedReply } from "~/http/rate-limited.server";

/** Translation keys for the confirm errors a guest can meet. */
const confirmErrorKeys: Record<ConfirmError, string> = {
  notFound: "confirm:form.invalidCode",
  closed: "confirm:expired.title",
  additionalRequired: "confirm:form.errorMessage",
  tooMany: "confirm:form.tooMany",
  nameTooLong: "confirm:form.nameTooLong",
  dietaryTooLong: "confirm:form.dietaryTooLong",
  messageTooLong: "confirm:form.messageTooLong",
  alreadyAnswered: "confirm:form.alreadyAnswered",
};

/**
 * A refused confirm form: its errors, and for a plain post (no JavaScript: the answer is a new
 * page) what the guest typed in the form's own fields, which the page shows again. The page's
 * script keeps its form as it is, so a scripted post gets no values back.
 */
const refused = (error: Record<string, string[] | null> | null | undefined, status: number, headers?: HeadersInit, formData?: FormData) =>
  data({ ...errorsOnly(error), values: typedValues(formData), outcome: null, retryAfterMinutes: 0, max: MAX_NAME_LENGTH }, { status, headers });

function typedValues(formData: FormData | undefined): Record<string, string> {
  if (!formData || sentByScript(formData)) return {};
  const intent = formData.get("intent");
  return intent === "verify" || intent === "confirm" ? keptValues(formData, confirmKeptFields[intent]) : {};
}

/**
 * The /confirm action: verify a code, confirm attendance, or forget the stored code.
 * Requests sent by the page's JavaScript carry `_js` and get data back (the page shows
 * the toast and navigates); plain form posts get POST/redirect/GET with a flash toast.
 */
export async function handleConfirmAction(request: Request, context: AppLoadContext) {
  try {
    return await confirmAction(request, context);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof RateLimited) return rateLimitedReply(error, { outcome: null, max: MAX_NAME_LENGTH });
    // Logged here with its stack; the guest gets the spec's toast, never the stack.
    console.error("confirm action failed", error);
    return data({ ...errorsOnly({ "": ["common:serverError"] }), outcome: "failed" as const, retryAfterMinutes: 0, max: MAX_NAME_LENGTH }, { status: 500 });
  }
}

async function confirmAction(request: Request, context: AppLoadContext) {
  if (isCrossOrigin(request, context)) return refused({ "": ["common:crossOrigin"] }, 403);
  // Only this form's fields, with small indices: refused before conform reads anything.
  const formData = await readForm(request, confirmPageFields);
  const viaScript = sentByScript(formData);
  const submission = parseWithZod(formData, { schema: confirmPageSchema });
  if (submission.status !== "success") return refused(submission.error, 400, undefined, formData);
  const value = submission.value;

  if (value.intent === "clear") {
    return redirect("/confirm", { headers: { "Set-Cookie": await clearCodeHeader(request) } });
  }

  if (value.intent === "verify") {
    await consume("code", clientIp(context));
    const invitation = await findInvitationByCode(value.code);
    if (!invitation) return refused({ "": ["confirm:form.invalidCode"] }, 404, undefined, formData);
    const cookie = await storeCodeHeader(request, invitation.code);
    if (viaScript) {
      return data(
        { status: "success" as const, error: {} as Record<string, string[] | null>, outcome: "valid" as const, retryAfterMinutes: 0, max: MAX_NAME_LENGTH },
        { headers: { "Set-Cookie": cookie } },
      );
    }
    const headers = new Headers();
    headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", await flashToastHeader(request, { kind: "success", key: "confirm:toasts.validCode" }));
    return redirect("/confirm", { headers });
  }

  if (value.intent === "decline") return declineAction(request, viaScript);

  // intent === "confirm": the code comes from the signed cookie, never from the form.
  const code = await getStoredCode(request);
  const result = code
    ? await confirmInvitation(
        code,
        value.guests.map((fullName, i) => ({ fullName: fullName ?? "", dietary: value.dietary[i] })),
        undefined,
        { primaryDietary: value.primaryDietary, message: value.message },
      )
    : ({ ok: false, error: "notFound" } as const);
  if (!result.ok) {
    if (result.error === "alreadyAnswered") return answeredAlready(request, viaScript);
    const status = result.error === "notFound" ? 404 : result.error === "closed" ? 403 : 400;
    const headers = result.error === "notFound" ? { "Set-Cookie": await clearCodeHeader(request) } : undefined;
    return refused({ "": [confirmErrorKeys[result.error]] }, status, headers, formData);
  }
  if (viaScript) {
    return data({
      status: "success" as const,
      error: {} as Record<string, string[] | null>,
      initialValue: null,
      outcome: "confirmed" as const,
      retryAfterMinutes: 0,
      max: MAX_NAME_LENGTH,
    });
  }
  return redirect("/confirm", {
    headers: { "Set-Cookie": await flashToastHeader(request, { kind: "success", key: "confirm:toasts.thanks" }) },
  });
}

/** The guests' "no" (the page asked "are you sure?" first): the declined view, with a toast. */
async function declineAction(request: Request, viaScript: boolean) {
  const code = await getStoredCode(request);
  const result = code ? await declineInvitation(code) : ({ ok: false, error: "notFound" } as const);
  if (!result.ok) {
    if (result.error === "alreadyAnswered") return answeredAlready(request, viaScript);
    const status = result.error === "notFound" ? 404 : 403;
    const headers = result.error === "notFound" ? { "Set-Cookie": await clearCodeHeader(request) } : undefined;
    const key = result.error === "notFound" ? "confirm:form.invalidCode" : "confirm:expired.title";
    return refused({ "": [key] }, status, headers);
  }
  if (viaScript) return data({ status: "success" as const, error: undefined, outcome: "declined" as const, retryAfterMinutes: 0 });
  return redirect("/confirm", {
    headers: { "Set-Cookie": await flashToastHeader(request, { kind: "info", key: "confirm:toasts.declined" }) },
  });
}

/**
 * A stale tab answering an invitation already answered the other way: nothing changes, and the
 * guest is shown the stored answer (the page reloads it) with a note saying so.
 */
async function answeredAlready(request: Request, viaScript: boolean) {
  if (viaScript) {
    return data(
      { status: "error" as const, error: { "": ["confirm:form.alreadyAnswered"] }, outcome: "alreadyAnswered" as const, retryAfterMinutes: 0 },
      { status: 409 },
    );
  }
  return redirect("/confirm", {
    headers: { "Set-Cookie": await flashToastHeader(request, { kind: "info", key: "confirm:form.alreadyAnswered" }) },
  });
}

/** What /confirm shows: the stored invitation as a guest sees it (if its code still exists). */
export async function loadConfirmPage(request: Request) {
  const code = await getStoredCode(request);
  const invitation = code ? await findInvitationByCode(code) : null;
  // A stored code whose invitation was deleted is forgotten.
  const headers = code && !invitation ? { "Set-Cookie": await clearCodeHeader(request) } : undefined;
  return { invitation: invitation && guestView(invitation), headers };
}
