import { giftOptionsIn, questionsIn } from "~/lib/content-extras";
import { currentContent } from "~/models/content-live.server";

/** The home page's 'Regalos' options and questions in the page's language (read once per change, as all content). */
export async function homeExtras(lng: string) {
  const { gifts, faq } = await currentContent();
  return { gifts: giftOptionsIn(gifts, lng), questions: questionsIn(faq, lng) };
}
export type HomeExtras = Awaited<ReturnType<typeof homeExtras>>;
