import { asksPerEvent } from "./events";
import { isRsvpOpen } from "./rsvp";

/**
 * 'Cambiar mi respuesta' (docs/decisions/0062-the-guest-changes-their-answer.md). Pure: the page
 * and the server ask the same two questions.
 */

/** What the couple turned on that makes an answer more than a yes with names and notes. */
export interface RicherAnswer {
  /** The events the invitation is invited to (the wedding is one). */
  events: readonly number[];
  /** 'Pedir el menú a cada invitado' (with a dish to choose). */
  askMenu: boolean;
  /** 'Preguntar por niños'. */
  askChildren: boolean;
  /** How many questions of the couple's own ('Preguntas') are asked. */
  questions: number;
}

/**
 * Whether a confirmed guest may change their answer at all: only when the answer carries more
 * than the wedding's yes (more than the wedding as events, a dish, a child mark, the couple's own
 * questions). With none of it
 * a confirmed answer stands as it always did. The one place to add another such question.
 */
export function answerIsEditable(options: RicherAnswer): boolean {
  return asksPerEvent(options.events) || options.askMenu || options.askChildren || options.questions > 0;
}

/** Whether 'Cambiar mi respuesta' is offered and accepted now: a confirmed answer, editable, before the RSVP deadline. */
export function canChangeAnswer(status: string, options: RicherAnswer, deadline: Date | string, now: Date = new Date()): boolean {
  return status === "confirmed" && answerIsEditable(options) && isRsvpOpen(deadline, now);
}
