/**
 * A name as a search compares it: no accents, any case, spaces collapsed ("José Muñoz" →
 * "jose munoz"). The one rule the admin's invitation search and the door's ('Recepción') share, and
 * how a person keeps their row (their table, their arrival) across a new answer: app/models/guest-rows.server.ts.
 */
export const foldText = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase().replace(/\s+/g, " ").trim();
