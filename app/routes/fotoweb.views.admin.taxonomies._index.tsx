import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
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

export const meta: MetaFunction = () => [{ title: "Taxonomies | Arkiv" }];

export async function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => taxonomyListPageData(request))(args);
}

export async function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => taxonomyListPageAction(request))(args);
}

export default function TaxonomiesPage() {
  const { taxonomies, fields, confirmDelete } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const toDelete = taxonomies.find((t) => t.field === confirmDelete);
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="taxonomies-title">
        <h1 id="taxonomies-title">Taxonomies</h1>
        <p>Trees of terms people pick from when they fill in a text field.</p>
        {reply?.formError ? (
          <p role="alert" className={css.error}>
            {reply.formError}
          </p>
        ) : null}
        {toDelete ? (
          <Form method="post" className={css.form} aria-label="Delete taxonomy">
            <p>
              Delete the taxonomy of {toDelete.fieldLabel} with all its items? The field keeps its
              values.
            </p>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="field" value={toDelete.field} />
            <div className={css.row}>
              <Button type="submit" variant="secondary">
                Delete
              </Button>
              <Link to={LINKS.adminTaxonomies} className={css.link}>
                Cancel
              </Link>
            </div>
          </Form>
        ) : null}
        {taxonomies.length === 0 ? (
          <p>No field has a taxonomy yet.</p>
        ) : (
          <ul aria-label="Taxonomies">
            {taxonomies.map((t) => (
              <li key={t.field} className={css.node}>
                <Link to={t.page} className={css.label}>
                  {t.pluralName}
                </Link>
                <span className={css.value}>
                  field {t.fieldLabel} ({t.field})
                </span>
                <span className={css.actions}>
                  <Link to={`?delete=${t.field}`} className={css.link}>
                    Delete <span className={visuallyHidden}>{t.pluralName}</span>
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={panel} aria-labelledby="create-title">
        <h2 id="create-title">Create a taxonomy</h2>
        {fields.length === 0 ? (
          <p>Every text field has a taxonomy already. Add a text field first.</p>
        ) : (
          <Form method="post" className={css.form}>
            <input type="hidden" name="intent" value="create" />
            <DeferredSelectField
              label="Text field"
              name="field"
              defaultValue={String(reply?.repopulateFields?.field ?? "")}
              errors={reply?.fieldErrors?.field}
              options={[
                { value: "", label: "Choose a field" },
                ...fields.map((f) => ({ value: String(f.id), label: `${f.label} (${f.id})` })),
              ]}
            />
            <TextField label="Name" name="name" errors={reply?.fieldErrors?.name} />
            <TextField
              label="Plural name"
              name="pluralName"
              isRequired
              errors={reply?.fieldErrors?.pluralName}
            />
            <TextField
              label="Description"
              name="description"
              errors={reply?.fieldErrors?.description}
            />
            <div>
              <Button type="submit">Create taxonomy</Button>
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}
