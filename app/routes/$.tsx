import { redirect } from "@remix-run/node";

/** Any unknown path redirects to the not-found page, /404. */
export const loader = () => redirect("/404");
export const action = () => redirect("/404");

export default function Unknown() {
  return null;
}
