import { getFixedT } from "~/infra/i18n.server";
import type { ConfirmError, DeclineError, DeleteGuestError, InvitationInputError, UpdateInvitationError } from "~/models/invitations.server";
import type { SectionInputError } from "~/models/gallery.server";
import { uploadErrorKey, uploadErrorStatus, type UploadError } from "~/http/photo-upload.server";

/**
 * Status and message (a key of the same translation files the pages use) for each rule an
 * /api request can break, so the API answers in the caller's language (Spanish by default).
 * The rules themselves live in the server functions; this is only their HTTP face.
 */
export type Answer = readonly [status: number, key: string];

const invitationInput: Record<InvitationInputError, Answer> = {
  primaryGuestRequired: [400, "dashboard:create.nameRequired"],
  nameTooLong: [400, "dashboard:create.nameTooLong"],
  maxGuestsOutOfRange: [400, "dashboard:create.maxGuestsOutOfRange"],
  phoneInvalid: [400, "reminders:contacts.phoneInvalid"],
  emailInvalid: [400, "reminders:contacts.emailInvalid"],
  unknownEvent: [400, "events:errors.unknownEvent"],
};

const updateInvitation: Record<UpdateInvitationError, Answer> = {
  ...invitationInput,
  notFound: [404, "common:api.invitationNotFound"],
  // Fewer seats than the names already confirmed: a conflict with the stored state.
  belowConfirmed: [409, "common:api.belowConfirmed"],
};

/**
 * confirmInvitation's errors. Closed after the deadline is 403 (the request is understood and
 * well-formed, but no longer allowed; the same status as the /confirm form).
 */
const confirm: Record<ConfirmError, Answer> = {
  notFound: [404, "confirm:form.invalidCode"],
  closed: [403, "common:api.rsvpClosed"],
  additionalRequired: [400, "confirm:form.errorMessage"],
  tooMany: [400, "confirm:form.tooMany"],
  nameTooLong: [400, "confirm:form.nameTooLong"],
  dietaryTooLong: [400, "confirm:form.dietaryTooLong"],
  messageTooLong: [400, "confirm:form.messageTooLong"],
  // Declined already: the stored answer stands (a conflict with the stored state).
  alreadyAnswered: [409, "confirm:form.alreadyAnswered"],
  notInvited: [400, "events:notInvited"],
  dishRequired: [400, "confirm:menu.dishRequired"],
  dishNotOffered: [400, "confirm:menu.dishNotOffered"],
  // 'Cambiar mi respuesta': nothing richer to change is a refusal of the stored state; nobody coming is the guest's input.
  notEditable: [403, "confirm:change.notEditable"],
  nobodyComing: [400, "confirm:change.nobodyComing"],
  answerRequired: [400, "questions:errors.answerRequired"],
  answerNotOffered: [400, "questions:errors.answerNotOffered"],
  answerNotYesNo: [400, "questions:errors.answerNotYesNo"],
  answerTooLong: [400, "questions:errors.answerTooLong"],
};

/** declineInvitation's errors: the same statuses as a confirmation's. */
const decline: Record<DeclineError, Answer> = {
  notFound: [404, "confirm:form.invalidCode"],
  closed: [403, "common:api.rsvpClosed"],
  alreadyAnswered: [409, "confirm:form.alreadyAnswered"],
};

const deleteGuest: Record<DeleteGuestError, Answer> = {
  notFound: [404, "common:api.guestNotFound"],
  primaryGuest: [409, "dashboard:toasts.primaryGuest"],
};

const section: Record<SectionInputError | "notFound", Answer> = {
  nameRequired: [400, "dashboard:gallery.nameRequired"],
  nameTooLong: [400, "dashboard:gallery.nameTooLong"],
  descriptionTooLong: [400, "dashboard:gallery.descriptionTooLong"],
  notFound: [404, "common:api.sectionNotFound"],
};

const upload = Object.fromEntries(Object.entries(uploadErrorStatus).map(([k, status]) => [k, [status, uploadErrorKey(k as UploadError)] as const])) as Record<
  UploadError,
  Answer
>;

export const apiAnswers = {
  invitationInput,
  updateInvitation,
  confirm,
  decline,
  deleteGuest,
  section,
  upload,
  invitationNotFound: [404, "common:api.invitationNotFound"] as Answer,
  sectionNotFound: [404, "common:api.sectionNotFound"] as Answer,
  tableNotFound: [404, "common:api.tableNotFound"] as Answer,
  mediaNotFound: [404, "common:api.mediaNotFound"] as Answer,
  tooManyRequests: [429, "common:tooManyRequests"] as Answer,
};

/** 409 `{ error, total, capacity }`: the change would hand out more seats than the venue has. */
export async function overCapacityAnswer(request: Request, over: { total: number; capacity: number }): Promise<Response> {
  const t = await apiT(request);
  const body = { error: t("common:api.overCapacity", { total: over.total, capacity: over.capacity }), total: over.total, capacity: over.capacity };
  return Response.json(body, { status: 409, headers: { "Cache-Control": "no-store" } });
}

/** A translate function for the request's language. */
export async function apiT(request: Request) {
  return getFixedT(request, ["common", "confirm", "dashboard", "gallery", "review", "tables"]);
}
