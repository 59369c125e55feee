/**
 * The couple's content, as typed data. This file (with ./couple.ts) holds the facts (names,
 * coordinates, times, prices, contact details, which photos go where); every sentence a guest reads is translated
 * in app/locales/{es,en}/home.json, keyed by the ids used here. To re-brand the site edit these
 * files and those two JSON files, and replace the files in public/images and public/media —
 * no component needs to change. See docs/rebranding.md.
 *
 * The wedding date and the RSVP deadline are not here: they come from the environment
 * (WEDDING_DATE, RSVP_DEADLINE) so the server and the page always agree. The couple's names and the
 * media files are in ./couple.ts (the first screen needs only those), re-exported here.
 */

export { couple, media, type Couple, type Media } from "./couple";

export interface Venue {
  /** For the map: an OpenStreetMap embed around this point and a plain link that always works. */
  latitude: number;
  longitude: number;
  /** OpenStreetMap zoom level of the link (the embed shows about 2 km around the venue). */
  zoom: number;
}

export interface Quote {
  /** Key of the text in home.json: quotes.{id}.text */
  id: string;
  /** Optional author; a translation in home.json quotes.{id}.author overrides it. */
  author?: string;
}

export interface Moment {
  /** Key of the description (and optional translated title) in home.json: story.{id}. */
  id: string;
  /** Built-in Spanish title; a translation in home.json story.{id}.title overrides it. */
  title: string;
  /** A single photo, or a collage of two to four. */
  type: "single" | "collage";
  images: string[];
}

export const INFO_CARD_IDS = ["dressCode", "ceremony", "buffet", "toast", "dance", "gifts"] as const;
export type InfoCardId = (typeof INFO_CARD_IDS)[number];
export interface InfoCard {
  /** Title, subtitle, description and image text in home.json: info.{id}. */
  id: InfoCardId;
  image: string;
}

export interface ScheduleEvent {
  /** 24-hour "HH:MM" at the venue; shown per language (4:30 PM / 4:30 p. m.). */
  start: string;
  end: string;
  image: string;
}

export interface Apartment {
  /** Name and bed options in home.json: accommodation.{id}. */
  id: string;
  firstNight: number;
  extraNight: number;
}

export interface ReservationContact {
  /** A person's name (the same in every language); the role is translated. */
  name: string;
  /** As printed; the tel: link keeps only + and digits. */
  phone: string;
  email: string;
}

export interface Accommodation {
  /** ISO 4217 code; prices are formatted per language (95 US$ / $95). */
  currency: string;
  apartments: Apartment[];
  checkIn: string;
  checkOut: string;
  contact: ReservationContact;
}

export const venue: Venue = { latitude: 8.9722, longitude: -79.5889, zoom: 15 };

export const quotes: Quote[] = [
  { id: "love", author: "1 Corintios 13:4" },
  { id: "together", author: "Gabriel García Márquez" },
  { id: "home" },
  { id: "journey", author: "Lao Tse" },
  { id: "forever" },
];

export const moments: Moment[] = [
  { id: "met", title: "Cómo nos conocimos", type: "single", images: ["/images/story/met.svg"] },
  {
    id: "firstTrip",
    title: "Nuestro primer viaje",
    type: "collage",
    images: ["/images/story/trip-1.svg", "/images/story/trip-2.svg", "/images/story/trip-3.svg"],
  },
  { id: "home", title: "Nuestro primer hogar", type: "collage", images: ["/images/story/home-1.svg", "/images/story/home-2.svg"] },
  {
    id: "adventures",
    title: "Aventuras juntos",
    type: "collage",
    images: ["/images/story/adv-1.svg", "/images/story/adv-2.svg", "/images/story/adv-3.svg", "/images/story/adv-4.svg"],
  },
  { id: "proposal", title: "La propuesta", type: "single", images: ["/images/story/proposal.svg"] },
  { id: "family", title: "Nuestra familia", type: "collage", images: ["/images/story/family-1.svg", "/images/story/family-2.svg"] },
];

export const infoCards: InfoCard[] = INFO_CARD_IDS.map((id) => ({ id, image: `/images/info/${id}.svg` }));

export const schedule: { ceremony: ScheduleEvent; reception: ScheduleEvent } = {
  ceremony: { start: "16:30", end: "18:00", image: "/images/ceremony.svg" },
  reception: { start: "18:00", end: "01:00", image: "/images/reception.svg" },
};

export const accommodation: Accommodation = {
  currency: "USD",
  apartments: [
    { id: "oneBedroom", firstNight: 95, extraNight: 70 },
    { id: "twoBedroom", firstNight: 120, extraNight: 90 },
  ],
  checkIn: "15:00",
  checkOut: "12:00",
  contact: { name: "Ana Lucía Herrera", phone: "+507 6000-0000", email: "reservas@example.com" },
};
