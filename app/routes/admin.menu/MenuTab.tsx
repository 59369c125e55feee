import { Button, Switch, TextInput } from "@mantine/core";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminForm } from "~/components/admin/AdminForm";
import { useAdminAction } from "~/components/admin/useAdminFetcher";
import { FormErrors } from "~/components/confirm/FormErrors";
import { MAX_DISH_DESCRIPTION_LENGTH, MAX_DISH_NAME_LENGTH, type Dish } from "~/lib/menu";

/**
 * 'Menú': 'Pedir el menú a cada invitado' and 'Preguntar por niños', the dishes (each edited or
 * removed in its own form, a new one added below) and the link to the caterer's report.
 */
export function MenuTab({ settings, dishes }: { settings: { askMenu: boolean; askChildren: boolean }; dishes: Dish[] }) {
  const { t } = useTranslation("menu");
  return (
    <div className="admin-menu">
      <h2 className="admin-section-title">{t("title")}</h2>
      <p className="admin-muted">{t("intro")}</p>
      <p>
        <Link to="/admin/catering" className="button secondary small">
          {t("report.link")}
        </Link>
      </p>
      <SettingsForm settings={settings} hasDishes={dishes.length > 0} />
      <section aria-labelledby="menu-dishes-title">
        <h3 id="menu-dishes-title">{t("dishes")}</h3>
        {dishes.map((dish) => (
          <DishForm key={dish.id} dish={dish} />
        ))}
        <AddDishForm />
      </section>
    </div>
  );
}

function SettingsForm({ settings, hasDishes }: { settings: { askMenu: boolean; askChildren: boolean }; hasDishes: boolean }) {
  const { t } = useTranslation("menu");
  const save = useAdminAction("saveMenuSettings");
  // Keyed by the location: after a save (a redirect) the switches show the stored values.
  const formKey = useLocation().key;
  return (
    <AdminForm action={save} className="card admin-card admin-form" key={formKey}>
      <Switch name="askMenu" label={t("askMenu")} defaultChecked={settings.askMenu} size="md" />
      {settings.askMenu && !hasDishes ? <p className="admin-muted">{t("noDishesYet")}</p> : null}
      <Switch name="askChildren" label={t("askChildren")} defaultChecked={settings.askChildren} size="md" />
      <FormErrors id="menu-settings-errors" errors={save.errors} />
      <Button type="submit" size="md" disabled={save.busy}>
        {t("saveSettings")}
      </Button>
    </AdminForm>
  );
}

function DishFields({ dish }: { dish?: Dish }) {
  const { t } = useTranslation("menu");
  return (
    <>
      <TextInput name="name" label={t("name")} defaultValue={dish?.name} maxLength={MAX_DISH_NAME_LENGTH} size="md" />
      <TextInput name="nameEn" label={t("nameEn")} defaultValue={dish?.nameEn ?? ""} maxLength={MAX_DISH_NAME_LENGTH} size="md" />
      <TextInput name="description" label={t("description")} defaultValue={dish?.description ?? ""} maxLength={MAX_DISH_DESCRIPTION_LENGTH} size="md" />
    </>
  );
}

function DishForm({ dish }: { dish: Dish }) {
  const { t } = useTranslation("menu");
  const save = useAdminAction("saveDish", `save-dish-${dish.id}`);
  const remove = useAdminAction("deleteDish", `delete-dish-${dish.id}`);
  return (
    <div className="card admin-card" role="group" aria-label={dish.name}>
      <AdminForm action={save} className="admin-form">
        <input type="hidden" name="id" value={dish.id} />
        <DishFields dish={dish} />
        <FormErrors id={`dish-${dish.id}-errors`} errors={save.errors ?? remove.errors} />
        <Button type="submit" size="md" disabled={save.busy}>
          {t("save")}
        </Button>
      </AdminForm>
      <AdminForm action={remove}>
        <input type="hidden" name="id" value={dish.id} />
        <button type="submit" className="button danger small" disabled={remove.busy}>
          {t("delete")}
        </button>
      </AdminForm>
    </div>
  );
}

function AddDishForm() {
  const { t } = useTranslation("menu");
  const add = useAdminAction("addDish", "add-dish");
  // A new form after each save (the location changes with the redirect): empty for the next dish.
  const formKey = useLocation().key;
  return (
    <AdminForm action={add} className="card admin-card admin-form" key={formKey}>
      <DishFields />
      <FormErrors id="add-dish-errors" errors={add.errors} />
      <Button type="submit" size="md" disabled={add.busy}>
        {t("add")}
      </Button>
    </AdminForm>
  );
}
