import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { LoadFailed } from "~/components/admin/LoadFailed";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { screenActionOf, screenLoader } from "~/http/admin/tab-action.server";
import { isLoadError } from "~/lib/admin-schemas";
import { QuestionsScreen } from "./QuestionsScreen";
import { loadQuestionsScreen, questionsScreen } from "./questions.server";

/** 'Preguntas' (/admin/questions): the couple's own questions to their guests: added, edited, reordered, removed. */
export const loader = screenLoader(loadQuestionsScreen);

export const action = screenActionOf(questionsScreen);

export const ErrorBoundary = AdminScreenError;

export default function QuestionsRoute() {
  const { t } = useTranslation("questions");
  const data = useLoaderData<typeof loader>();
  if (!data) return null; // locked: the layout shows the login instead
  return (
    <>
      <ScreenNotices ownForms={["createQuestion", "editQuestion"]} />
      {isLoadError(data.questions) ? <LoadFailed message={t("failed")} /> : <QuestionsScreen questions={data.questions} />}
    </>
  );
}
