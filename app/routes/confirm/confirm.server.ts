import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { data, redirect, replace } from "@remix-run/node";
import { confirmKeptFields, confirmPageFields, confirmPageSchema } from "~/lib/confirm-schemas";
import { MAX_NAME_LENGTH } from "~/lib/constants";
import { changeAnswer, confirmInvitation, declineInvitation, findInvitationByCode, type ConfirmError, type Invitation } from "~/models/invitations.server";
import { guestView } from "~/lib/invitation-view";
import { groupAttendance } from "~/lib/events";
import { answersFromForm, questionFields, type GuestQuestion } from "~/lib/guest-questions";
import { eventsSeenBy } from "~/models/events.server";
import { answersOf, listQuestions } from "~/models/guest-questions.server";
import { consume, RateLimited } from "~/infra/rate-limit.server";
import { clientIp, isCrossOrigin } from "~/http/request.server";
import { clearCodeHeader, flashToastHeader, getStoredCode, storeCodeHeader, type Toast } from "~/infra/session.server";
import { errorsOnly, readForm, refusedReply } from "~/http/form.server";
import { rateLimitedReply } from "~/http/rate-limited.server";
import { noteOpening } from "~/http/opened.server";
import { guestSeating } from "~/models/tables.server";

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
  notInvited: "events:notInvited",
  dishRequired: "confirm:menu.dishRequired",
  dishNotOffered: "confirm:menu.dishNotOffered",
  notEditable: "confirm:change.notEditable",
  nobodyComing: "confirm:change.nobodyComing",
  answerRequired: "questions:errors.answerRequired",
  answerNotOffered: "questions:errors.answerNotOffered",
  answerNotYesNo: "questions:errors.answerNotYesNo",
  answerTooLong: "questions:errors.answerTooLong",
};

/** What refused() needs of conform's submission: what was sent, and its reply. */
type ConfirmSubmission = Pick<Submission<unknown>, "payload" | "reply">;

/**
 * A refused confirm form: conform's reply with its errors (`formErrors` added) and what the guest
 * typed in that form's own fields. One answer, whoever sent the post: without JavaScript it is a
 * new page showing them again; the page's script keeps its form as it is.
 */
function refused(submission: ConfirmSubmission, status: number, formErrors?: string[], headers?: HeadersInit) {
  const intent = submission.payload.intent;
  const fields = intent === "verify" || intent === "confirm" || intent === "update" ? confirmKeptFields[intent] : null;
  const reply = refusedReply(submission.reply(formErrors ? { formErrors } : undefined), fields);
  return data({ ...reply, outcome: null, retryAfterMinutes: 0, max: MAX_NAME_LENGTH }, { status, headers });
}

/** Back to /confirm with the message as a flash toast (an answer stored, a code accepted), the history entry replaced. */
async function answered(request: Request, toast: Toast, cookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of [...cookies, await flashToastHeader(request, toast)]) headers.append("Set-Cookie", cookie);
  return replace("/confirm", { headers });
}

/**
 * The /confirm action: verify a code, confirm attendance, decline, or forget the stored code.
 * One answer however the form was sent (a plain post, or the page's script through a fetcher):
 * a success is a redirect to /confirm with a flash toast, a refusal the form's errors and values.
 * Remix renders either: the browser follows the redirect, or the router does.
 */
export async function handleConfirmAction(request: Request, context: AppLoadContext) {
  try {
    return await confirmAction(request, context);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof RateLimited) return rateLimitedReply(error, { outcome: null, max: MAX_NAME_LENGTH });
    // Logged here with its stack; the guest gets the server-error toast, never the stack.
    console.error("confirm action failed", error);
    return data({ ...errorsOnly({ "": ["common:serverError"] }), outcome: "failed" as const, retryAfterMinutes: 0, max: MAX_NAME_LENGTH }, { status: 500 });
  }
}

async function confirmAction(request: Request, context: AppLoadContext) {
  if (isCrossOrigin(request, context))
    return data({ ...errorsOnly({ "": ["common:crossOrigin"] }), outcome: null, retryAfterMinutes: 0, max: MAX_NAME_LENGTH }, { status: 403 });
  // Only this form's fields, with small indices: refused before conform reads anything.
  const formData = await readForm(request, confirmPageFields);
  const submission = parseWithZod(formData, { schema: confirmPageSchema });
  if (submission.status !== "success") return refused(submission, 400);
  const value = submission.value;

  if (value.intent === "clear") {
    return redirect("/confirm", { headers: { "Set-Cookie": await clearCodeHeader(request) } });
  }

  if (value.intent === "verify") {
    await consume("code", clientIp(context));
    const invitation = await findInvitationByCode(value.code);
    if (!invitation) return refused(submission, 404, ["confirm:form.invalidCode"]);
    await noteOpening(request, invitation.id);
    return answered(request, { kind: "success", key: "confirm:toasts.validCode" }, [await storeCodeHeader(request, invitation.code)]);
  }

  if (value.intent === "decline") return declineAction(request, submission);

  // intent === "confirm" (or "update", 'Cambiar mi respuesta'): the code comes from the signed cookie, never from the form.
  const code = await getStoredCode(request);
  // Each person's events when the form asked (person 0 the primary guest, N the Nth name); the model refuses one not invited to.
  const attendance = value.attendsAsked === "yes" ? groupAttendance(value.attends ?? [], value.guests.length + 1) : undefined;
  if (attendance && !attendance.ok) return refused(submission, 400, ["events:notInvited"]);
  const byPerson = attendance?.byPerson;
  const store = value.intent === "update" ? changeAnswer : confirmInvitation;
  // The couple's questions: the invitation's answers, and each person's (0 the primary guest, N the Nth name).
  const replies = answersFromForm(value as Readonly<Record<string, unknown>>, value.guests.length + 1);
  const result = code
    ? await store(
        code,
        value.guests.map((fullName, i) => ({ fullName: fullName ?? "", dietary: value.dietary[i], attends: byPerson?.[i + 1] })),
        undefined,
        {
          primaryDietary: value.primaryDietary,
          message: value.message,
          primaryAttends: byPerson?.[0],
          choices: {
            primary: { dish: value.primaryDish, child: value.primaryChild },
            guests: value.guests.map((_, i) => ({ dish: value.dish[i], child: value.child[i] })),
          },
          answers: { invitation: replies.invitation, primary: replies.byPerson[0], guests: value.guests.map((_, i) => replies.byPerson[i + 1]) },
        },
      )
    : ({ ok: false, error: "notFound" } as const);
  if (!result.ok) {
    if (result.error === "alreadyAnswered") return answeredAlready(request);
    const status = result.error === "notFound" ? 404 : result.error === "closed" || result.error === "notEditable" ? 403 : 400;
    const headers = result.error === "notFound" ? { "Set-Cookie": await clearCodeHeader(request) } : undefined;
    return refused(submission, status, [confirmErrorKeys[result.error]], headers);
  }
  return answered(request, { kind: "success", key: value.intent === "update" ? "confirm:change.saved" : "confirm:toasts.thanks" });
}

/** The guests' "no" (the page asked "are you sure?" first): the declined view, with a toast. */
async function declineAction(request: Request, submission: ConfirmSubmission) {
  const code = await getStoredCode(request);
  const result = code ? await declineInvitation(code) : ({ ok: false, error: "notFound" } as const);
  if (!result.ok) {
    if (result.error === "alreadyAnswered") return answeredAlready(request);
    const status = result.error === "notFound" ? 404 : 403;
    const headers = result.error === "notFound" ? { "Set-Cookie": await clearCodeHeader(request) } : undefined;
    const key = result.error === "notFound" ? "confirm:form.invalidCode" : "confirm:expired.title";
    return refused(submission, status, [key], headers);
  }
  return answered(request, { kind: "info", key: "confirm:toasts.declined" });
}

/**
 * A stale tab answering an invitation already answered the other way: nothing changes, and the
 * guest is shown the stored answer (the redirect reloads it) with a note saying so.
 */
function answeredAlready(request: Request) {
  return answered(request, { kind: "info", key: "confirm:form.alreadyAnswered" });
}

/** What /confirm shows: the stored invitation as a guest sees it (if its code still exists). */
export async function loadConfirmPage(request: Request) {
  const code = await getStoredCode(request);
  const invitation = code ? await findInvitationByCode(code) : null;
  // A stored code whose invitation was deleted is forgotten.
  const headers = code && !invitation ? { "Set-Cookie": await clearCodeHeader(request) } : undefined;
  // The events it is invited to: with more than the wedding, the answer asks per person (docs/decisions/0057-events.md).
  const events = invitation ? await eventsSeenBy(invitation.events) : [];
  // The couple's questions: asked while pending, and in 'Cambiar mi respuesta' (filled with the stored answers).
  const questions = invitation && invitation.status !== "declined" ? await listQuestions() : [];
  // 'Tu mesa' once the couple publishes the tables (null otherwise): part of the data, so the kept page changes with it.
  const seating = invitation?.confirmed ? await guestSeating(invitation.id) : null;
  return { invitation: invitation && guestView(invitation), events, questions, seating, headers, stored: invitation };
}

/**
 * A stored answer as the confirm form's fields ('Cambiar mi respuesta' opens the form filled with
 * it): the primary guest's apart, the others by index, each person's events as "person:event",
 * and the answers to the couple's questions in their slots (`qa{j}`, `qp{j}` by person).
 */
export async function answerFormValues(invitation: Invitation, questions: readonly GuestQuestion[]): Promise<Record<string, string | string[]>> {
  const [primary, ...others] = invitation.guests;
  const { byInvitation, byGuest } = await answersOf([invitation.id]);
  const own = byInvitation.get(invitation.id) ?? [];
  const slots: Record<string, string | string[]> = {};
  questions.forEach((question, j) => {
    const names = questionFields(j);
    slots[names.id] = String(question.id);
    if (question.per === "invitation") slots[names.invitation] = own.find((a) => a.questionId === question.id)?.value ?? "";
    else slots[names.person] = invitation.guests.map((g) => (byGuest.get(g.id) ?? []).find((a) => a.questionId === question.id)?.value ?? "");
  });
  return {
    primaryDietary: primary?.dietary ?? "",
    primaryDish: primary?.dishId === undefined ? "" : String(primary.dishId),
    primaryChild: primary?.isChild ? "on" : "",
    guests: others.map((g) => g.fullName),
    dietary: others.map((g) => g.dietary ?? ""),
    dish: others.map((g) => (g.dishId === undefined ? "" : String(g.dishId))),
    child: others.map((g) => (g.isChild ? "on" : "")),
    message: invitation.message ?? "",
    attends: invitation.guests.flatMap((g, person) => g.attends.map((event) => `${person}:${event}`)),
    ...slots,
  };
}
