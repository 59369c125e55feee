import type { Media, Section } from "./gallery-types";
import { HTTP_TIMEOUT_MS, QUERY_RETRIES, QUERY_STALE_TIME_MS } from "./constants";
import type { Stats } from "./stats";
import type { InvitationView } from "./invitation-view";

/**
 * The browser's client for the /api routes: one base URL (same origin by default), a 10 s
 * timeout, JSON, and every answer as { data, error } with the error normalized to
 * { message, status, data } and a fixed Spanish message per status (errorMessageFor).
 */

export interface ApiFailure {
  message: string;
  status: number | null;
  data: unknown;
}
export type ApiResult<T> = { data: T; error: null } | { data: null; error: ApiFailure };

/** Status → message; for 400, 404, 409 and other statuses the server's own message wins when it sends one. */
export function errorMessageFor(status: number | null, serverMessage?: string | null): string {
  const server = serverMessage?.trim() || null;
  switch (status) {
    case null:
      return "No se pudo conectar con el servidor";
    case 400:
      return server ?? "Solicitud inválida";
    case 401:
      return "No autorizado";
    case 403:
      return "Acceso denegado";
    case 404:
      return server ?? "Recurso no encontrado";
    case 409:
      return server ?? "Conflicto en la solicitud";
    case 500:
      return "Error del servidor";
    default:
      return server ?? "Error en la solicitud";
  }
}

/** The server's own message: the `error` field of a JSON answer, when it is text. */
export function serverMessageOf(data: unknown): string | null {
  if (data && typeof data === "object" && "error" in data) {
    const error = (data as { error: unknown }).error;
    if (typeof error === "string") return error;
  }
  return null;
}

/** An HTTP failure (status and parsed body) as a normalized error. Pure. */
export function httpFailure(status: number, data: unknown): ApiFailure {
  return { message: errorMessageFor(status, serverMessageOf(data)), status, data };
}

/** Anything thrown (not an HTTP answer) as a normalized error. */
export function normalizeError(error: unknown): ApiFailure {
  if (error && typeof error === "object") {
    const e = error as { message?: unknown; status?: unknown; data?: unknown };
    const message = typeof e.message === "string" && e.message.trim() ? e.message : "Error desconocido";
    return { message, status: typeof e.status === "number" ? e.status : null, data: e.data ?? null };
  }
  if (typeof error === "string" && error.trim()) return { message: error, status: null, data: null };
  return { message: "Error desconocido", status: null, data: null };
}

export interface ApiClientOptions {
  /** Where the /api routes are; same origin by default. */
  baseUrl?: string;
  /** Abort after this many milliseconds (HTTP_TIMEOUT_MS, 10 000, by default). */
  timeoutMs?: number;
  /** Extra attempts of a GET that got no answer or a 5xx (one retry by default). */
  retries?: number;
  /**
   * How long a successful GET stays fresh and is answered from memory (300 s by default);
   * any write through the same client clears it. 0 turns it off.
   */
  staleTimeMs?: number;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? "").replace(/\/$/, "");
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const retries = options.retries ?? QUERY_RETRIES;
  const staleTimeMs = options.staleTimeMs ?? QUERY_STALE_TIME_MS;
  const fresh = new Map<string, { at: number; data: unknown }>();
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function attempt<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const isForm = typeof FormData !== "undefined" && body instanceof FormData;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        // A multipart body sets its own Content-Type (with the boundary).
        headers: { ...(isForm ? {} : { "Content-Type": "application/json" }), Accept: "application/json", ...options.headers },
        body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
        signal: controller.signal,
        credentials: "same-origin",
      });
      // The body is read under the same timeout.
      text = await response.text();
    } catch (error) {
      // No answer at all: refused, unreachable, or timed out.
      const noResponse = error instanceof TypeError || (error instanceof Error && error.name === "AbortError") || controller.signal.aborted;
      return { data: null, error: noResponse ? { message: errorMessageFor(null), status: null, data: null } : normalizeError(error) };
    } finally {
      clearTimeout(timer);
    }
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    if (!response.ok) return { data: null, error: httpFailure(response.status, data) };
    return { data: data as T, error: null };
  }

  async function request<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
    if (method === "GET" && staleTimeMs > 0) {
      const hit = fresh.get(path);
      if (hit && Date.now() - hit.at < staleTimeMs) return { data: hit.data as T, error: null };
    }
    // A write may change what any earlier read returned.
    if (method !== "GET") fresh.clear();
    let result = await attempt<T>(method, path, body);
    // Reads are retried (once by default) when there was no answer or a server error;
    // writes never are (a confirmation must not be sent twice by the client).
    for (let left = method === "GET" ? retries : 0; left > 0 && result.error && (result.error.status === null || result.error.status >= 500); left--) {
      result = await attempt<T>(method, path, body);
    }
    if (method === "GET" && staleTimeMs > 0 && !result.error) fresh.set(path, { at: Date.now(), data: result.data });
    return result;
  }

  return {
    get: <T>(path: string) => request<T>("GET", path),
    post: <T>(path: string, body?: unknown) => request<T>("POST", path, body ?? {}),
    put: <T>(path: string, body: unknown) => request<T>("PUT", path, body),
    delete: <T>(path: string) => request<T>("DELETE", path),
    /** Forgets every fresh read (e.g. to refetch the invitation when the window regains focus). */
    invalidate: () => fresh.clear(),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Services log a failed call and rethrow it. */
async function orThrow<T>(call: Promise<ApiResult<T>>, what: string): Promise<T> {
  const result = await call;
  if (result.error) {
    console.error(`${what}:`, result.error.message);
    throw result.error;
  }
  return result.data;
}

export type { InvitationView };

export interface AdminInvitation extends InvitationView {
  id: number;
  code: string;
  language: "es" | "en";
  confirmedAt: string | null;
  answeredAt: string | null;
  /** E.164 digits without the '+', or null; the e-mail lower-case, or null (docs/api.md "Contacts"). */
  phone: string | null;
  email: string | null;
  openedFirstAt: string | null;
  openedLastAt: string | null;
  remindedAt: string | null;
  reminderCount: number;
  /** The events it is invited to: the wedding (0) first (docs/api.md "Events"). */
  events?: number[];
  /** `attends`: the events each person attends. */
  guests: { id: number; fullName: string; isPrimary: boolean; dietary: string | null; attends?: number[]; dishId?: number; isChild?: true }[];
}

/** The API answers gallery data in the same shape the pages use. */
export type MediaView = Media;
export type SectionView = Section;

export function invitationsService(api: ApiClient = createApiClient()) {
  const code = (c: string) => encodeURIComponent(c.trim());
  return {
    validate: (c: string) => orThrow(api.get<{ valid: boolean }>(`/api/invitations/validate/${code(c)}`), "validate"),
    get: (c: string) => orThrow(api.get<InvitationView>(`/api/invitations/${code(c)}`), "get invitation"),
    details: (c: string) =>
      orThrow(api.get<InvitationView & { rsvpDeadline: string; rsvpOpen: boolean }>(`/api/invitations/${code(c)}/details`), "invitation details"),
    confirm: (c: string, guests: { fullName: string; dietary?: string | null }[], message?: string | null) =>
      orThrow(api.post<InvitationView>(`/api/invitations/${code(c)}/confirm`, message === undefined ? { guests } : { guests, message }), "confirm"),
    decline: (c: string) => orThrow(api.post<InvitationView>(`/api/invitations/${code(c)}/decline`, {}), "decline"),
    stats: () => orThrow(api.get<Stats>("/api/invitations/stats"), "stats"),
    list: async () => (await orThrow(api.get<AdminInvitation[]>("/api/invitations"), "list invitations")) ?? [],
    create: (body: {
      primaryGuest: string;
      maxGuests: number;
      language?: "es" | "en";
      phone?: string | null;
      email?: string | null;
      allowOverCapacity?: boolean;
    }) => orThrow(api.post<AdminInvitation>("/api/invitations", body), "create invitation"),
    update: (
      id: number,
      body: {
        primaryGuest?: string;
        maxGuests?: number;
        status?: "pending" | "declined";
        phone?: string | null;
        email?: string | null;
        allowOverCapacity?: boolean;
      },
    ) => orThrow(api.put<AdminInvitation>(`/api/invitations/${id}`, body), "update invitation"),
    remove: (id: number) => orThrow(api.delete(`/api/invitations/${id}`), "delete invitation"),
    removeGuest: (id: number) => orThrow(api.delete(`/api/guests/${id}`), "delete guest"),
  };
}

export function galleryService(api: ApiClient = createApiClient()) {
  return {
    sections: async () => {
      const data = await orThrow(api.get<SectionView[]>("/api/gallery/sections"), "sections");
      if (!data) throw { message: "No se recibieron datos de las secciones", status: null, data: null } satisfies ApiFailure;
      return data;
    },
    media: (sectionId: number) => orThrow(api.get<MediaView[]>(`/api/gallery/sections/${sectionId}/media`), "media"),
    /** A guest's photo (multipart `file`) through the server's upload pipeline. */
    upload: (sectionId: number, file: Blob, name = "foto.jpg", uploaderName?: string) => {
      const form = new FormData();
      // 'Tu nombre' goes before the file, as the gallery's form sends it.
      if (uploaderName !== undefined) form.append("uploaderName", uploaderName);
      form.append("file", file, name);
      return orThrow(api.post<MediaView & { status?: "pending" }>(`/api/gallery/sections/${sectionId}/media`, form), "upload");
    },
    /** Admin: the media record for a file already in the store. */
    addMediaRecord: (sectionId: number, record: { file_path: string; public_url: string; type: "IMAGE"; name: string; size: number }) =>
      orThrow(api.post<MediaView>(`/api/gallery/sections/${sectionId}/media`, record), "add media record"),
    seedSections: async () => {
      const data = await orThrow(api.post<{ created: number; sections: SectionView[] }>("/api/gallery/seed-sections"), "seed sections");
      if (!data) throw { message: "No se recibió respuesta del servidor", status: null, data: null } satisfies ApiFailure;
      return data;
    },
    createSection: (body: { name: string; description?: string; allow_upload?: boolean; is_active?: boolean; review_uploads?: boolean; order?: number }) =>
      orThrow(api.post<SectionView>("/api/gallery/sections", body), "create section"),
    updateSection: (id: number, body: { name?: string; description?: string | null; allow_upload?: boolean; is_active?: boolean; review_uploads?: boolean }) =>
      orThrow(api.put<SectionView>(`/api/gallery/sections/${id}`, body), "update section"),
    deleteSection: (id: number) => orThrow(api.delete(`/api/gallery/sections/${id}`), "delete section"),
    deleteMedia: (id: number) => orThrow(api.delete(`/api/gallery/media/${id}`), "delete media"),
    debug: () => orThrow(api.get("/api/debug/gallery"), "debug"),
    /** Admin: the guests' photos waiting for review ('Por revisar'), by section. */
    review: async () => (await orThrow(api.get<ReviewSectionView[]>("/api/gallery/review"), "photos for review")) ?? [],
    reviewPhoto: (id: number, decision: "approve" | "reject") =>
      orThrow(api.post<{ decision: string; count: number }>(`/api/gallery/review/media/${id}`, { decision }), "review photo"),
  };
}

/** A section with the guests' photos waiting for the couple's approval (GET /api/gallery/review). */
export interface ReviewSectionView {
  id: number;
  name: string;
  photos: {
    id: number;
    section_id: number;
    name: string;
    public_url: string;
    thumbnail_url: string | null;
    uploader_name: string | null;
    created_at: string;
  }[];
}

export interface WishView {
  id: number;
  name: string;
  message: string;
  published_at: string | null;
}
export interface WishForReview extends WishView {
  status: "pending" | "published";
  created_at: string;
}

/** 'Mensajes de los invitados': a guest's wish, the published ones, and the couple's review (admin). */
export function wishesService(api: ApiClient = createApiClient()) {
  return {
    published: async () => (await orThrow(api.get<WishView[]>("/api/gallery/wishes"), "wishes")) ?? [],
    post: (body: { name: string; message: string }) =>
      orThrow(api.post<{ id: number; status: "pending" | "published" }>("/api/gallery/wishes", body), "post wish"),
    review: () =>
      orThrow(api.get<{ review: boolean; pending: WishForReview[]; published: WishForReview[] }>("/api/gallery/wishes/review"), "wishes for review"),
    setReview: (review: boolean) => orThrow(api.put<{ review: boolean }>("/api/gallery/wishes/review", { review }), "set wish review"),
    approve: (id: number) => orThrow(api.post(`/api/gallery/wishes/${id}/approve`), "approve wish"),
    remove: (id: number) => orThrow(api.delete(`/api/gallery/wishes/${id}`), "delete wish"),
  };
}
