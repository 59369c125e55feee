/** The sub-sections of 'Contenido', in the order of its links (texts: content:nav.{key}). */
export const CONTENT_NAV = [
  { key: "history", path: "/admin/content" },
  { key: "couple", path: "/admin/content/couple" },
  { key: "story", path: "/admin/content/story" },
  { key: "info", path: "/admin/content/info" },
  { key: "accommodation", path: "/admin/content/accommodation" },
  { key: "quotes", path: "/admin/content/quotes" },
  { key: "gifts", path: "/admin/content/gifts" },
  { key: "faq", path: "/admin/content/faq" },
  { key: "programme", path: "/admin/content/programme" },
  { key: "media", path: "/admin/content/media" },
] as const;
