import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { SearchResults, TreeSearch } from "~/components/taxonomy/TreeSearch";
import {
  DeleteItemForm,
  ImportForm,
  MoveItemForm,
  Pager,
} from "~/components/taxonomy/TaxonomyPanels";
import { TaxonomyItemForm } from "~/components/taxonomy/TaxonomyItemForm";
import { TaxonomyTree, treeLinks } from "~/components/taxonomy/TaxonomyTree";
import * as css from "~/components/taxonomy/taxonomy.css";
import { taxonomyTreePageAction, taxonomyTreePageData } from "~/http/taxonomy/taxonomy-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/* One taxonomy's tree (spec 002 "Taxonomy tree", §5; decision 059): manageTaxonomies only. */

export const handle = { i18n: ["taxonomy"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.taxonomy.pluralName ?? translateNow("taxonomy.tree.titleBare")} | Arkiv` },
];

export async function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    taxonomyTreePageData(request, params.fieldId),
  )(args);
}

export async function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    taxonomyTreePageAction(request, params.fieldId),
  )(args);
}

type Reply = FormReplyBody & { messages?: string[] };

export default function TaxonomyTreePage() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<Reply>();
  const here = LINKS.adminTaxonomies + "/" + data.taxonomy.field;
  const { links, query } = treeLinks(here, data);
  const cancel = query({});
  const intent = reply?.repopulateFields?.intent;
  // The item forms show a refusal themselves; a move's or a delete's is shown here.
  const addShown = Boolean(data.addUnder || data.addRoot || (intent === "add" && !data.edit));
  const itemFormShown = Boolean(data.edit) || addShown;
  const formProps = {
    open: data.open,
    q: data.q,
    cancel,
    formError: reply?.formError,
    repopulate: reply?.repopulateFields,
  };
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="tree-title">
        <p>
          <Link to={LINKS.adminTaxonomies} className={css.link}>
            {t("taxonomy.list.title")}
          </Link>
        </p>
        <h1 id="tree-title">{data.taxonomy.pluralName}</h1>
        {data.taxonomy.description ? <p>{data.taxonomy.description}</p> : null}
        {reply?.messages ? (
          <ul role="alert" className={css.error} aria-label={t("taxonomy.tree.problems")}>
            {reply.messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : null}
        {data.edit ? (
          <TaxonomyItemForm
            key={`e${data.edit.id}`}
            intent="edit"
            item={data.edit}
            {...formProps}
          />
        ) : null}
        {addShown ? (
          <TaxonomyItemForm
            key={`a${data.addUnder?.id ?? "root"}`}
            intent="add"
            parent={data.addUnder?.id ?? null}
            {...formProps}
          />
        ) : null}
        {data.move ? (
          <MoveItemForm
            item={data.move}
            parents={data.parents}
            open={data.open}
            q={data.q}
            cancel={cancel}
          />
        ) : null}
        {data.remove ? (
          <DeleteItemForm item={data.remove} open={data.open} q={data.q} cancel={cancel} />
        ) : null}
        {reply?.formError && !itemFormShown ? (
          <p role="alert" className={css.error}>
            {reply.formError}
          </p>
        ) : null}
        <TreeSearch here={here} q={data.q} />
        <p className={css.row}>
          <Link to={query({ add: "root" })} className={css.link}>
            {t("taxonomy.tree.addRoot")}
          </Link>
          <a href={data.exportHref} className={css.link} download>
            {t("taxonomy.tree.export")}
          </a>
        </p>
        {data.search ? (
          <SearchResults items={data.search.items} total={data.search.total} links={links} />
        ) : data.roots.length === 0 ? (
          <p>{t("taxonomy.tree.empty")}</p>
        ) : (
          <TaxonomyTree
            roots={data.roots}
            open={data.open}
            links={links}
            label={data.taxonomy.pluralName}
          />
        )}
        <Pager here={here} page={data.page} pages={data.pages} />
      </section>
      <section className={panel} aria-labelledby="import-title">
        <h2 id="import-title">{t("taxonomy.import.title")}</h2>
        <ImportForm maxKb={data.maxImportKb} error={reply?.fieldErrors?.file} />
      </section>
    </div>
  );
}
