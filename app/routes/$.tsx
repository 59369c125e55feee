import { redirect } from "@remix-run/node";

/** Any unknown path goes to the not-found page (spec section 2). */
export const loader = () => redirect("/404");
export const action = () => redirect("/404");

export default function Unknown() {
  return null;
}
