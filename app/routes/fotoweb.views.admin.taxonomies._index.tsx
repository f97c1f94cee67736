import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";
import * as css from "~/components/taxonomy/taxonomy.css";
import { Button } from "~/components/ui/Button";
import { DeferredSelectField } from "~/components/ui/DeferredSelectField";
import { TextField } from "~/components/ui/TextField";
import { taxonomyListPageAction, taxonomyListPageData } from "~/http/taxonomy/taxonomy-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { page, panel, visuallyHidden } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/* The taxonomies (decision 059): list, create one for a text field, delete. manageTaxonomies. */

export const handle = { i18n: ["taxonomy"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("taxonomy.list.title")} | Arkiv` },
];

export async function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => taxonomyListPageData(request))(args);
}

export async function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => taxonomyListPageAction(request))(args);
}

export default function TaxonomiesPage() {
  const t = useT();
  const { taxonomies, fields, confirmDelete } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const toDelete = taxonomies.find((x) => x.field === confirmDelete);
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="taxonomies-title">
        <h1 id="taxonomies-title">{t("taxonomy.list.title")}</h1>
        <p>{t("taxonomy.list.intro")}</p>
        {reply?.formError ? (
          <p role="alert" className={css.error}>
            {reply.formError}
          </p>
        ) : null}
        {toDelete ? (
          <Form method="post" className={css.form} aria-label={t("taxonomy.list.delete")}>
            <p>{t("taxonomy.list.deleteQuestion", { field: toDelete.fieldLabel })}</p>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="field" value={toDelete.field} />
            <div className={css.row}>
              <Button type="submit" variant="secondary">
                {t("taxonomy.action.delete")}
              </Button>
              <Link to={LINKS.adminTaxonomies} className={css.link}>
                {t("taxonomy.action.cancel")}
              </Link>
            </div>
          </Form>
        ) : null}
        {taxonomies.length === 0 ? (
          <p>{t("taxonomy.list.none")}</p>
        ) : (
          <ul aria-label={t("taxonomy.list.title")}>
            {taxonomies.map((x) => (
              <li key={x.field} className={css.node}>
                <Link to={x.page} className={css.label}>
                  {x.pluralName}
                </Link>
                <span className={css.value}>
                  {t("taxonomy.list.field", { label: x.fieldLabel, id: x.field })}
                </span>
                <span className={css.actions}>
                  <Link to={`?delete=${x.field}`} className={css.link}>
                    <Msg
                      id="taxonomy.item.deleteHidden"
                      values={{ name: x.pluralName }}
                      components={{ 0: <span className={visuallyHidden} /> }}
                    />
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={panel} aria-labelledby="create-title">
        <h2 id="create-title">{t("taxonomy.create.title")}</h2>
        {fields.length === 0 ? (
          <p>{t("taxonomy.create.allTaken")}</p>
        ) : (
          <Form method="post" className={css.form}>
            <input type="hidden" name="intent" value="create" />
            <DeferredSelectField
              label={t("taxonomy.create.field")}
              name="field"
              defaultValue={String(reply?.repopulateFields?.field ?? "")}
              errors={reply?.fieldErrors?.field}
              options={[
                { value: "", label: t("taxonomy.create.chooseField") },
                ...fields.map((f) => ({ value: String(f.id), label: `${f.label} (${f.id})` })),
              ]}
            />
            <TextField
              label={t("taxonomy.field.name")}
              name="name"
              errors={reply?.fieldErrors?.name}
            />
            <TextField
              label={t("taxonomy.field.pluralName")}
              name="pluralName"
              isRequired
              errors={reply?.fieldErrors?.pluralName}
            />
            <TextField
              label={t("taxonomy.field.description")}
              name="description"
              errors={reply?.fieldErrors?.description}
            />
            <div>
              <Button type="submit">{t("taxonomy.create.submit")}</Button>
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}
