import "~/components/shell/shell-bundle";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CollectionList } from "~/components/collection/CollectionList";
import { CollectionsEmpty } from "~/components/collection/CollectionsEmpty";
import { hasAdvancedParams } from "~/models/search/advanced-search.schema";
import {
  collectionTiles,
  searchOf,
  searchTarget,
} from "~/models/collection/collection-list.server";
import { InvalidSearchExpressionError } from "~/models/search/search.server";
import { canPin, hasCapability } from "~/models/access/access.server";
import { alertDanger, alertWarning, page } from "~/styles/global.css";
import { tileAction } from "~/http/collection/collection-api.server";
import { readBody } from "~/http/submission.server";
import { getBrowsingViewer } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { LINKS } from "~/utils/links";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";
import { translateNow } from "~/components/locale/active";
import { keyedResolverFor, readableSearchError } from "~/http/locale/locale.server";

export const handle = { i18n: ["grid"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("grid.archives.pageTitle")} | Arkiv` },
];

const LIST = LINKS.archives;

/*
 * The archive list and the main search's target (spec 000 sections 4, 5 and 8): a search goes
 * to the archive with a pinned match and the most assets, else the one with the most; nothing
 * found or a bad expression shows the list with the message. An empty query is the clear URL.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getBrowsingViewer(request);
  const params = new URL(request.url).searchParams;
  const q = params.get("q");
  if (q !== null && q.trim() === "" && !hasAdvancedParams(params)) throw redirect(LIST);
  let nothingFound = false;
  let searchError: { heading: string; value: string } | null = null;
  const search = searchOf(params);
  if (!search.ok) searchError = { heading: "InvalidSearchParameters", value: search.message };
  else if (search.queries.length > 0) {
    try {
      const target = await searchTarget(viewer, search.queries);
      // The whole search travels on, so the archive page searches the same (decision 013).
      if (target) throw redirect(`${target.href}?${search.query}`);
      nothingFound = true;
    } catch (error) {
      if (!(error instanceof InvalidSearchExpressionError)) throw error;
      searchError = { heading: "InvalidSearchExpression", value: error.message };
    }
  }
  searchError = await readableSearchError(request, searchError);
  const collections = await collectionTiles(viewer);
  return json(
    {
      q: (q ?? "").slice(0, 1000),
      collections,
      viewer: { canPin: canPin(viewer), isGuest: viewer?.isGuest ?? true },
      addArchiveHref: (await hasCapability(viewer, "manageArchives"))
        ? LINKS.adminArchiveNew
        : null,
      nothingFound,
      searchError,
    },
    { status: searchError ? 400 : 200 },
  );
}

/* Pins and covers: each a plain form post answered with a redirect and a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const viewer = await getBrowsingViewer(request);
  const outcome = await tileAction(viewer, await readBody(request, { json: false }));
  // A refusal may be keyed (decision 106): the fetcher's answer is read in the page's language.
  if (!outcome.ok)
    return json(
      { error: (await keyedResolverFor(request))(outcome.message) },
      { status: outcome.status },
    );
  return redirectWithToast(request, LIST, { message: outcome.message });
}

export default function Archives() {
  const t = useT();
  const { q, collections, viewer, nothingFound, searchError, addArchiveHref } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const alerts = (
    <>
      {searchError ? (
        <div role="alert" className={alertDanger} data-testid="search-error">
          <strong>{searchError.heading}</strong>: {searchError.value}
        </div>
      ) : null}
      {actionData?.error ? (
        <div role="alert" className={alertDanger}>
          {actionData.error}
        </div>
      ) : null}
      {nothingFound ? (
        <div role="status" className={alertWarning}>
          <Msg
            id="grid.archives.nothingFound"
            values={{ query: q }}
            components={{ 0: <strong /> }}
          />
        </div>
      ) : null}
    </>
  );
  if (collections.length === 0 && !addArchiveHref) {
    return (
      <div className={page}>
        {alerts}
        <CollectionsEmpty
          heading={t("grid.archives.heading")}
          query={nothingFound ? undefined : q}
        />
      </div>
    );
  }
  return (
    <div className={page}>
      <h1>{t("grid.archives.heading")}</h1>
      {alerts}
      <CollectionList
        collections={collections}
        viewer={viewer}
        label={t("grid.archives.listLabel")}
        addArchiveHref={addArchiveHref}
      />
    </div>
  );
}
