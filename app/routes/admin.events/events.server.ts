import type { AdminInput } from "~/lib/admin-schemas";
import type { EventInput } from "~/lib/events";
import { attendeesOf, createEvent, listEvents, moveEvent, removeEvent, updateEvent, type EventError } from "~/models/events.server";
import { failed } from "~/http/admin/access.server";
import { attempt, done, type AdminScreenActions } from "~/http/admin/tab-action.server";
import { eventsScreenSchema } from "~/lib/admin-schemas";

/** Eventos: every event (the wedding first) with how many people said they attend each. */
export async function loadEventsScreen() {
  const events = await attempt("events", async () => {
    const list = await listEvents();
    return Promise.all(list.map(async (event) => ({ event, attendees: event.id === 0 ? 0 : await attendeesOf(event.id) })));
  });
  return { events };
}

type EventsIntent = "createEvent" | "editEvent" | "moveEvent" | "removeEvent";
const FAILED = "events:errors.failed";

type EventForm = AdminInput<"createEvent"> | AdminInput<"editEvent">;

const inputOf = (form: EventForm): EventInput => ({
  nameEs: form.nameEs,
  nameEn: form.nameEn,
  startsAt: form.startsAt,
  place: form.place,
  address: form.address,
  latitude: form.latitude,
  longitude: form.longitude,
  descriptionEs: form.descriptionEs,
  descriptionEn: form.descriptionEn,
  isPublic: form.isPublic,
});

/** A refusal keeps what was typed (without JavaScript the page is new). */
function refused(form: EventForm, error: EventError) {
  const status = error === "notFound" ? 404 : error === "tooManyEvents" ? 409 : 400;
  const typed = inputOf(form);
  const initialValue: Record<string, string> = {
    ...("id" in form ? { id: String(form.id) } : {}),
    nameEs: typed.nameEs,
    nameEn: typed.nameEn ?? "",
    startsAt: typed.startsAt,
    place: typed.place ?? "",
    address: typed.address ?? "",
    latitude: String(typed.latitude ?? ""),
    longitude: String(typed.longitude ?? ""),
    descriptionEs: typed.descriptionEs ?? "",
    descriptionEn: typed.descriptionEn ?? "",
    isPublic: typed.isPublic ? "on" : "",
  };
  return { ...failed(form.intent, `events:errors.${error}`, status), initialValue };
}

export const eventsScreen: AdminScreenActions<EventsIntent> = {
  schema: eventsScreenSchema,
  failures: { createEvent: FAILED, editEvent: FAILED, moveEvent: FAILED, removeEvent: FAILED },
  handlers: {
    async createEvent(input) {
      const created = await createEvent(inputOf(input));
      return created.ok ? done(input.intent, "events:toasts.created") : refused(input, created.error);
    },
    async editEvent(input) {
      const saved = await updateEvent(input.id, inputOf(input));
      return saved.ok ? done(input.intent, "events:toasts.saved") : refused(input, saved.error);
    },
    async moveEvent(input) {
      const moved = await moveEvent(input.id, input.direction);
      return moved.ok ? done(input.intent, "events:toasts.moved") : failed(input.intent, "events:errors.notFound", 404);
    },
    async removeEvent(input) {
      return (await removeEvent(input.id)) ? done(input.intent, "events:toasts.removed") : failed(input.intent, "events:errors.notFound", 404);
    },
  },
};
