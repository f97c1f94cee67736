import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CollectionsEmpty } from "~/components/CollectionsEmpty";

export const meta: MetaFunction = () => [{ title: "Archives | Arkiv" }];

/*
 * The archive list and the main search's target. Archives exist since ingest; their tiles, with
 * the permission filter, come with the collections view (issue 4), and until then the list is
 * its empty state. An empty query goes to the clear URL.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q");
  if (q !== null && q.trim() === "") throw redirect("/fotoweb/archives/");
  return json({ q: (q ?? "").slice(0, 1000) });
}

export default function Archives() {
  const { q } = useLoaderData<typeof loader>();
  return <CollectionsEmpty heading="Archives" query={q} />;
}
