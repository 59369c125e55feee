import { DishFilter, EditAnswerLink, GuestMenuNote } from "~/components/menu/MenuAdminBits";
import { filterByDish, type Dish } from "~/lib/menu";
import { Form, Link, useSearchParams } from "@remix-run/react";
import { EventFilter, GuestEventsNote, InvitationEventsLine, useEventFilter } from "~/components/events/InvitationEvents";
import { useVenueTimeZone } from "~/root";
import { useTranslation } from "react-i18next";
import { AnswersNote } from "~/components/questions/AnswersNote";
import type { GuestQuestion } from "~/lib/guest-questions";
import { displayPhone } from "~/lib/contacts";
import { formatLongDate } from "~/lib/dates";
import { filterInvitations, INVITATION_FILTERS, isInvitationFilter, type InvitationFilter } from "~/lib/invitation-filters";
import type { InvitationStatus } from "~/lib/rsvp";
import { TrashIcon } from "~/components/icons/index";
import { ConfirmAction } from "~/components/admin/ConfirmAction";
import { GuestListLinks } from "./GuestListLinks";
import { ShareInvitation } from "~/components/admin/ShareInvitation";
import { EditInvitationDialog } from "./EditInvitationDialog";
import type { InvitationEmailState } from "~/models/invitation-emails.server";

interface AdminInvitation {
  id: number;
  code: string;
  primaryGuest: string;
  maxGuests: number;
  confirmed: boolean;
  language?: string;
  status: InvitationStatus;
  message: string | null;
  phone?: string | null;
  email?: string | null;
  /** When a guest first opened the personal link or entered the code (app/models/reminders.server.ts). */
  openedFirstAt?: string | null;
  openedLastAt?: string | null;
  /** The events it is invited to, and each person's (the wedding is 0; docs/decisions/0057-events.md). */
  events?: number[];
  guests: {
    id: number;
    fullName: string;
    isPrimary: boolean;
    dietary: string | null;
    attends?: number[];
    dishId?: number | null;
    isChild?: boolean;
    answers?: { questionId: number; value: string }[];
  }[];
  /** The answers to the couple's questions asked once per invitation. */
  answers?: { questionId: number; value: string }[];
}

/** Each filter's label: 'Abrieron sin responder' is in the reminders namespace, the others in invitations. */
const filterLabel = (filter: InvitationFilter) => (filter === "opened" ? "reminders:filters.opened" : `invitations.filters.${filter}`);

const BADGES: Record<InvitationStatus, string> = { confirmed: "badge badge-green", pending: "badge badge-yellow", declined: "badge badge-gray" };

/** Search and status filters: a GET form and links, so a filtered list is a URL to share. */
function Filters({ q, status }: { q: string; status: string }) {
  const { t } = useTranslation("dashboard");
  const href = (filter: string) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (filter !== "all") params.set("status", filter);
    return params.size ? `?${params}` : ".";
  };
  return (
    <div className="invitation-filters">
      <Form method="get" className="invitation-search" role="search" preventScrollReset>
        {status !== "all" ? <input type="hidden" name="status" value={status} /> : null}
        <label className="plain-field">
          <span>{t("invitations.search")}</span>
          <input type="search" name="q" defaultValue={q} placeholder={t("invitations.searchPlaceholder")} maxLength={100} />
        </label>
        <button type="submit" className="button secondary">
          {t("invitations.searchSubmit")}
        </button>
      </Form>
      <nav aria-label={t("invitations.filterLabel")} className="filter-links">
        {INVITATION_FILTERS.map((filter) => (
          <Link
            key={filter}
            to={href(filter)}
            preventScrollReset
            className={filter === status ? "filter-link active" : "filter-link"}
            aria-current={filter === status ? "page" : undefined}
          >
            {t(filterLabel(filter))}
          </Link>
        ))}
      </nav>
    </div>
  );
}

/** 'Por responder (N)': the reminders screen (app/routes/admin.reminders/route.tsx). */
function PendingLink({ count }: { count: number }) {
  const { t } = useTranslation("reminders");
  return (
    <p className="invitation-views">
      <Link to="/admin/reminders" className="button secondary small">
        {t("pending.link", { count })}
      </Link>
    </p>
  );
}

/** The invitations table; on a phone each row is a card (admin.css), its buttons within reach. */
export function InvitationsTab({
  invitations,
  pendingCount,
  emails = {},
  dishes = [],
  questions = [],
}: {
  invitations: AdminInvitation[];
  pendingCount: number;
  emails?: Record<number, InvitationEmailState>;
  /** The couple's menu: each guest's dish by name, and 'Por menú'. */
  dishes?: Dish[];
  /** The couple's questions: each answer shown under its invitation or person. */
  questions?: GuestQuestion[];
}) {
  const { t, i18n } = useTranslation("dashboard");
  const venueZone = useVenueTimeZone();
  const [params] = useSearchParams();
  const eventFilter = useEventFilter();
  if (invitations.length === 0)
    return (
      <>
        <GuestListLinks />
        <p className="admin-empty">{t("invitations.empty")}</p>
      </>
    );
  const q = params.get("q") ?? "";
  const status = isInvitationFilter(params.get("status")) ? params.get("status")! : "all";
  const byEvent = eventFilter;
  const dish = params.get("dish") ?? "";
  const shown = filterByDish(filterInvitations(invitations, { q, status }), dish).filter((inv) => byEvent === null || (inv.events ?? [0]).includes(byEvent));
  const editing = invitations.find((inv) => String(inv.id) === params.get("editInvitation"));
  const editHref = (id: number) => {
    const next = new URLSearchParams(params);
    next.set("editInvitation", String(id));
    return `?${next}`;
  };
  return (
    <section aria-labelledby="invitations-title">
      <h2 id="invitations-title" className="admin-section-title">
        {t("invitations.title", { count: invitations.length })}
      </h2>
      <GuestListLinks />
      <PendingLink count={pendingCount} />
      <Filters q={q} status={status} />
      <EventFilter />
      <DishFilter dishes={dishes} current={dish} keep={{ q, status: status === "all" ? "" : status, event: byEvent === null ? "" : String(byEvent) }} />
      {editing ? <EditInvitationDialog key={editing.id} invitation={editing} /> : null}
      {shown.length === 0 ? (
        <p className="admin-empty" role="status">
          {t("invitations.noMatches")}
        </p>
      ) : (
        // A scrollable region must be focusable so keyboard users can scroll it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="table-frame invitations-frame" tabIndex={0} role="region" aria-labelledby="invitations-title">
          <table className="admin-table invitations-table">
            <thead>
              <tr>
                <th scope="col">{t("invitations.primaryGuest")}</th>
                <th scope="col">{t("invitations.code")}</th>
                <th scope="col">{t("invitations.maxGuests")}</th>
                <th scope="col">{t("invitations.status")}</th>
                <th scope="col">{t("invitations.guests")}</th>
                <th scope="col">{t("invitations.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((inv) => (
                <tr key={inv.id}>
                  <td data-label={t("invitations.primaryGuest")}>
                    {inv.primaryGuest}
                    {inv.message ? <p className="invitation-message">{t("invitations.message", { message: inv.message })}</p> : null}
                    {inv.phone ? <p className="invitation-contact">{t("reminders:contacts.phoneShown", { phone: displayPhone(inv.phone) })}</p> : null}
                    {inv.email ? <p className="invitation-contact">{t("reminders:contacts.emailShown", { email: inv.email })}</p> : null}
                    <InvitationEventsLine events={inv.events} />
                    <AnswersNote answers={inv.answers} questions={questions} />
                  </td>
                  <td data-label={t("invitations.code")}>
                    <code className="invitation-code">{inv.code}</code>
                  </td>
                  <td data-label={t("invitations.maxGuests")}>{inv.maxGuests}</td>
                  <td data-label={t("invitations.status")}>
                    <span className={BADGES[inv.status]}>{t(`invitations.${inv.status}`)}</span>
                    {inv.openedFirstAt ? (
                      <p className="invitation-opened">{t("reminders:opened.at", { date: formatLongDate(inv.openedFirstAt, i18n.language, venueZone) })}</p>
                    ) : null}
                  </td>
                  <td data-label={t("invitations.guests")}>
                    {inv.guests.length === 0 ? (
                      <span className="admin-muted">{t("invitations.noGuests")}</span>
                    ) : (
                      <>
                        <span className="admin-muted">{t("invitations.guestCount", { count: inv.guests.length })}</span>
                        <ul className="guest-list">
                          {inv.guests.map((g) => (
                            <li key={g.id}>
                              <span>
                                {g.fullName}
                                {g.dietary ? <span className="guest-dietary">{t("invitations.dietary", { note: g.dietary })}</span> : null}
                                <GuestEventsNote attends={g.attends} />
                                <GuestMenuNote guest={g} dishes={dishes} />
                                <AnswersNote answers={g.answers} questions={questions} />
                              </span>
                              {g.isPrimary ? (
                                <span className="badge badge-accent">{t("invitations.primaryBadge")}</span>
                              ) : inv.confirmed ? (
                                <ConfirmAction
                                  intent="deleteGuest"
                                  id={g.id}
                                  name={g.fullName}
                                  prompt={t("confirm.deleteGuest", { name: g.fullName })}
                                  label={t("invitations.deleteGuest", { name: g.fullName })}
                                  className="icon-danger small"
                                >
                                  <TrashIcon size={16} />
                                </ConfirmAction>
                              ) : null}
                            </li>
                          ))}
                        </ul>
                        {inv.confirmed && (dishes.length > 0 || questions.length > 0) ? <EditAnswerLink invitationId={inv.id} /> : null}
                      </>
                    )}
                  </td>
                  <td data-label={t("invitations.actions")}>
                    <div className="row-actions">
                      <Link
                        to={editHref(inv.id)}
                        preventScrollReset
                        className="button secondary small"
                        aria-label={t("invitations.editLabel", { name: inv.primaryGuest })}
                      >
                        {t("invitations.edit")}
                      </Link>
                      <ConfirmAction
                        intent="deleteInvitation"
                        id={inv.id}
                        name={inv.primaryGuest}
                        prompt={t("confirm.deleteInvitation")}
                        label={t("invitations.delete", { name: inv.primaryGuest })}
                        className="icon-danger"
                      >
                        <TrashIcon size={18} />
                      </ConfirmAction>
                    </div>
                    <ShareInvitation invitation={inv} email={emails[inv.id]} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
