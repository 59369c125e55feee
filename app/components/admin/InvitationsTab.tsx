import { useTranslation } from "react-i18next";
import { TrashIcon } from "../icons";
import { ConfirmAction } from "./ConfirmAction";
import { GuestListLinks } from "./GuestListLinks";
import { ShareInvitation } from "./ShareInvitation";

interface AdminInvitation {
  id: number;
  code: string;
  primaryGuest: string;
  maxGuests: number;
  confirmed: boolean;
  language?: string;
  guests: { id: number; fullName: string; isPrimary: boolean }[];
}

/** The invitations table; on a phone it scrolls sideways inside its frame. */
export function InvitationsTab({ invitations }: { invitations: AdminInvitation[] }) {
  const { t } = useTranslation("dashboard");
  if (invitations.length === 0)
    return (
      <>
        <GuestListLinks />
        <p className="admin-empty">{t("invitations.empty")}</p>
      </>
    );
  return (
    <section aria-labelledby="invitations-title">
      <h2 id="invitations-title" className="admin-section-title">
        {t("invitations.title", { count: invitations.length })}
      </h2>
      <GuestListLinks />
      {/* A scrollable region must be focusable so keyboard users can scroll it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="table-frame" tabIndex={0} role="region" aria-labelledby="invitations-title">
        <table className="admin-table">
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
            {invitations.map((inv) => (
              <tr key={inv.id}>
                <td data-label={t("invitations.primaryGuest")}>{inv.primaryGuest}</td>
                <td data-label={t("invitations.code")}>
                  <code className="invitation-code">{inv.code}</code>
                </td>
                <td data-label={t("invitations.maxGuests")}>{inv.maxGuests}</td>
                <td data-label={t("invitations.status")}>
                  <span className={inv.confirmed ? "badge badge-green" : "badge badge-yellow"}>
                    {inv.confirmed ? t("invitations.confirmed") : t("invitations.pending")}
                  </span>
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
                            <span>{g.fullName}</span>
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
                    </>
                  )}
                </td>
                <td data-label={t("invitations.actions")}>
                  <ShareInvitation invitation={inv} />
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
