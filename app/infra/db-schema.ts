import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { InvitationStatus } from "~/lib/rsvp";

/** SQLite has no boolean: 0 or 1. */
export type SqlBool = 0 | 1;

export interface InvitationTable {
  id: Generated<number>;
  code: string;
  primary_guest: string;
  max_guests: number;
  confirmed: Generated<SqlBool>;
  confirmed_at: string | null;
  /** The invitation's language ('es' | 'en'): its personal link sets the site to it. */
  language: Generated<"es" | "en">;
  /** The answer; `confirmed` stays 1 exactly when this is 'confirmed' (readers trust `confirmed` first). */
  status: Generated<InvitationStatus>;
  /** The guests' note to the couple. */
  message: string | null;
  /** When the guests confirmed or declined. */
  answered_at: string | null;
  /** The guest's WhatsApp number in E.164 without the '+' (e.g. '50761234567'), or null. */
  phone: string | null;
  /** The guest's e-mail, lower-case, or null. */
  email: string | null;
  /** When a guest first and last opened the personal link or entered the code (admins never count). */
  opened_first_at: string | null;
  opened_last_at: string | null;
  /** The last reminder sent or copied, and how many there have been. */
  reminded_at: string | null;
  reminder_count: Generated<number>;
  /** When the invitation e-mail was queued ('Enviar invitación por correo'). */
  invitation_emailed_at: string | null;
  /** 1 for the demo invitations the first start seeded ('Quitar los datos de ejemplo'); an edit makes it the couple's (0). */
  is_demo: Generated<SqlBool>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface GuestTable {
  id: Generated<number>;
  invitation_id: number;
  full_name: string;
  is_primary: Generated<SqlBool>;
  /** Dietary needs, free text, or null. */
  dietary: string | null;
  /** The dish chosen from the couple's menu ('Menú'), or null (none asked, or none chosen yet). */
  dish_id: number | null;
  /** 'Niño o niña (menor de 12 años)'. */
  is_child: Generated<SqlBool>;
  /** The table ('Mesas') this person sits at, or null ('Sin mesa'). */
  table_id: number | null;
  /** When the door ('Recepción') marked this person as arrived, or null. */
  arrived_at: string | null;
  /** 1 when this person attends the wedding itself (every answer from before events: 1). */
  attends_wedding: Generated<SqlBool>;
  created_at: Generated<string>;
}

/** A table of the seating plan ('Mesas'). */
export interface SeatingTableTable {
  id: Generated<number>;
  /** 'Nombre o número'. */
  name: string;
  /** 'Puestos': a warning, never a block, when more people sit at it. */
  seats: number;
  /** The unguessable part of the table card's address, /mesa/{token} (128 random bits). */
  token: string;
  position: Generated<number>;
  created_at: Generated<string>;
}

/** A dish of the couple's menu ('Menú'); the English name falls back to the Spanish one. */
export interface MenuDishTable {
  id: Generated<number>;
  name: string;
  name_en: string | null;
  description: string | null;
  position: Generated<number>;
  created_at: Generated<string>;
}

/** An event beside the wedding (the wedding is event 0, from Contenido): docs/decisions/0057-events.md. */
export interface EventTable {
  id: Generated<number>;
  name_es: string;
  name_en: string | null;
  /** The wall clock at the venue ("2026-01-16T19:00"). */
  starts_at: string;
  place: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  description_es: string | null;
  description_en: string | null;
  position: number;
  /** 'Visible para todos': shown to visitors without an invitation. */
  is_public: Generated<SqlBool>;
  /** Removed by the couple: kept, out of every list and total. */
  removed_at: string | null;
  created_at: Generated<string>;
}

/** An invitation invited to an event (the wedding needs no row). */
export interface InvitationEventTable {
  invitation_id: number;
  event_id: number;
}

/** A person named in an answer who attends an event (the wedding: guests.attends_wedding). */
export interface GuestEventTable {
  guest_id: number;
  event_id: number;
}

export interface GallerySectionTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  /** The English name and description; null shows the Spanish ones on English pages. */
  name_en: string | null;
  description_en: string | null;
  order: number;
  allow_upload: Generated<SqlBool>;
  is_active: Generated<SqlBool>;
  /** 'Revisar antes de publicar': guests' uploads wait as 'pending' until the couple approves them. */
  review_uploads: Generated<SqlBool>;
  /** 1 for the demo sections the first start seeded; an edit makes it the couple's (0). */
  is_demo: Generated<SqlBool>;
  created_at: Generated<string>;
}

export interface MediaTable {
  id: Generated<number>;
  section_id: number;
  type: "IMAGE" | "VIDEO";
  file_path: string;
  public_url: string;
  thumbnail_path: string | null;
  thumbnail_url: string | null;
  name: string;
  size: number;
  width: number | null;
  height: number | null;
  /** 'pending' photos are seen by the admin only; everything public reads 'published' ones. */
  status: Generated<"published" | "pending">;
  /** 'Tu nombre' on the upload form, optional. */
  uploader_name: string | null;
  /** When it became public (upload, or the couple's approval); null while pending. */
  published_at: string | null;
  /** The table whose card's page it was uploaded from, or null. */
  table_id: number | null;
  /** The widths of the thumbnail's AVIF and WebP copies ("240,480"); null for a photo without them (app/lib/thumbnail-variants). */
  variant_widths: Generated<string | null>;
  created_at: Generated<string>;
}

/** A guest's written wish to the couple ('Deja un mensaje'). */
export interface WishTable {
  id: Generated<number>;
  name: string;
  message: string;
  status: Generated<"published" | "pending">;
  published_at: string | null;
  created_at: Generated<string>;
}

/** The site's settings the admin changes (e.g. the wishes' approval switch); an absent key has its default. */
export interface SiteSettingTable {
  key: string;
  value: string;
  updated_at: Generated<string>;
}

/** One save of a sub-section of the couple's content ('Contenido'): the latest per section is live. */
export interface ContentVersionTable {
  id: Generated<number>;
  /** The sub-section's key (couple, story, info, accommodation, quotes, …). */
  section: string;
  /** The sub-section's data as JSON, as its schema parsed it. */
  data: string;
  saved_at: Generated<string>;
}

/** A server-side admin session; the cookie carries the token whose SHA-256 is `id`. */
export interface AdminSessionTable {
  id: string;
  created_at: number;
  expires_at: number;
  ended_at: number | null;
  password_tag: string;
  /** Whose session: the admin's, or the door's ('Recepción': search, arrivals, tables only). */
  role: Generated<SessionRole>;
}

export type SessionRole = "admin" | "door";

/** One client's attempts at one limited action in the current window (app/infra/rate-limit.server.ts). */
export interface RateLimitTable {
  /** `action:client`, e.g. `code:203.0.113.9`. */
  key: string;
  points: number;
  /** When the window ends, in milliseconds since the epoch (a bigint: PostgreSQL may return it as a string). */
  reset_at: number | string;
}

/** One e-mail or webhook call waiting in, or gone through, the outbox (app/models/outbox.server.ts). */
export interface OutboxTable {
  id: Generated<number>;
  /** What it says: 'answer' (the couple told of an answer); later invitations and reminders. */
  kind: string;
  channel: "email" | "webhook";
  /** An e-mail address, or the webhook's URL. */
  recipient: string;
  language: Generated<"es" | "en">;
  /** What the message is made from, as JSON; the texts are composed when it is sent. */
  payload: string;
  state: Generated<"queued" | "sent" | "failed">;
  /** Why the last try failed (kept on a later success's row only while queued). */
  reason: string | null;
  tries: Generated<number>;
  /** Epoch milliseconds (bigint on PostgreSQL: may come back as a string). */
  next_attempt_at: number | string;
  /** A sender holds the row until then; after it, the row is anyone's again (a sender that died). */
  claimed_until: number | string | null;
  /** When the last try began: the rate counts these. */
  attempted_at: number | string | null;
  sent_at: string | null;
  created_at: Generated<string>;
}

/** One of the couple's own questions ('Preguntas'): docs/decisions/0058-the-couples-questions.md. */
export interface GuestQuestionTable {
  id: Generated<number>;
  text_es: string;
  text_en: string | null;
  kind: "text" | "yesno" | "choice";
  /** For 'choice': JSON `[{ "es": "…", "en": "…" | null }]`; null otherwise. */
  options: string | null;
  per: "invitation" | "person";
  required: SqlBool;
  position: number;
  /** Seeded by the demo (decision 0054): 'Quitar los datos de ejemplo' removes it. */
  is_demo: Generated<SqlBool>;
  /** Removed by the couple: kept with its answers, out of every list. */
  removed_at: string | null;
  created_at: Generated<string>;
}

/** An answer to a question: once per invitation (guest_id null) or per person (the guest row). */
export interface GuestQuestionAnswerTable {
  id: Generated<number>;
  question_id: number;
  invitation_id: number;
  guest_id: number | null;
  /** The text typed, 'yes'/'no', or the chosen option's Spanish text. */
  value: string;
}

/** Addresses that asked not to be e-mailed ('Ya no quiero recibir correos'), lower-case. */
export interface SuppressedEmailTable {
  email: string;
  created_at: Generated<string>;
}

/**
 * An upload queue's key (decision 0065): claimed before the file is read, then the stored media and
 * the first answer. `key` is a SHA-256 of where it was sent and the guest's key.
 */
export interface UploadKeyTable {
  key: string;
  media_id: number | null;
  answer: string | null;
  /** ISO 8601 (UTC). */
  created_at: string;
}

export interface Database {
  invitations: InvitationTable;
  guests: GuestTable;
  gallery_sections: GallerySectionTable;
  media: MediaTable;
  admin_sessions: AdminSessionTable;
  rate_limits: RateLimitTable;
  outbox: OutboxTable;
  suppressed_emails: SuppressedEmailTable;
  wishes: WishTable;
  site_settings: SiteSettingTable;
  content_versions: ContentVersionTable;
  events: EventTable;
  invitation_events: InvitationEventTable;
  guest_events: GuestEventTable;
  menu_dishes: MenuDishTable;
  seating_tables: SeatingTableTable;
  guest_questions: GuestQuestionTable;
  guest_question_answers: GuestQuestionAnswerTable;
  upload_keys: UploadKeyTable;
}

export type InvitationRow = Selectable<InvitationTable>;
export type NewInvitationRow = Insertable<InvitationTable>;
export type InvitationUpdate = Updateable<InvitationTable>;
export type GuestRow = Selectable<GuestTable>;
export type GallerySectionRow = Selectable<GallerySectionTable>;
export type NewGallerySectionRow = Insertable<GallerySectionTable>;
export type MediaRow = Selectable<MediaTable>;
export type NewMediaRow = Insertable<MediaTable>;
