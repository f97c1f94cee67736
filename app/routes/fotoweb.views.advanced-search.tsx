import "~/components/shell/shell-bundle";
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdvancedSearchForm } from "~/components/search/AdvancedSearchForm";
import {
  advancedSearchDefaults,
  advancedSearchParams,
  parseAdvancedSubmission,
  SEARCH_HOME,
  searchTargetFrom,
} from "~/models/search/advanced-search.schema";
import * as css from "~/components/search/advanced-search.css";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { keyedResolverFor } from "~/http/locale/locale.server";
import { keyed, resolveErrors } from "~/models/locale/keyed";
import { HttpError, pageHandler } from "~/http/http.server";

export const handle = { i18n: ["grid"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("grid.advanced.meta")} | Arkiv` },
];

/*
 * The advanced search without JavaScript (the header links here; with JavaScript it is a
 * popover). The form is GET, so this loader is its "action": a submission with errors comes back
 * with them by their fields (400), a row added or removed comes back with the rows changed, and a
 * valid search goes to the collection with only what is set, so the archive page never sees the
 * empty inputs a browser sends.
 */
export function loader(args: LoaderFunctionArgs) {
  return pageHandler(advancedSearchPage)(args);
}

async function advancedSearchPage({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const target = searchTargetFrom(params.get("to"));
  if (target === null) throw new HttpError(400, keyed("validation.search.otherSite"));
  const defaults = advancedSearchDefaults(params);
  if (params.get("search") === null && params.get("__intent__") === null)
    return json({ target, defaults, lastResult: null });
  const submission = parseAdvancedSubmission(params);
  if (submission.status === "success") {
    const query = advancedSearchParams(submission.value).toString();
    throw redirect(query ? `${target}?${query}` : target);
  }
  // The schema's messages are keyed (decision 104): read in the person's language.
  const reply = submission.reply();
  const resolve = await keyedResolverFor(request);
  const lastResult = reply.error ? { ...reply, error: resolveErrors(reply.error, resolve) } : reply;
  return json(
    { target, defaults, lastResult },
    { status: submission.status === "error" ? 400 : 200 },
  );
}

/** The archive's name from its address; null for all archives. */
function collectionName(target: string): string | null {
  if (target === SEARCH_HOME) return null;
  const segment = target.split("/")[3] ?? "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export default function AdvancedSearchView() {
  const t = useT();
  const { target, defaults, lastResult } = useLoaderData<typeof loader>();
  return (
    <section className={css.page} aria-labelledby="advanced-search-page-title">
      <h1 id="advanced-search-page-title">{t("grid.advanced.title")}</h1>
      <p>
        {t("grid.advanced.searchingIn", {
          collection: collectionName(target) ?? t("grid.advanced.allArchives"),
        })}
      </p>
      <AdvancedSearchForm
        // A new search result (or an error reply) starts the form from what the server read.
        key={JSON.stringify(lastResult ?? defaults)}
        target={target}
        defaults={defaults}
        lastResult={lastResult}
      />
    </section>
  );
}
