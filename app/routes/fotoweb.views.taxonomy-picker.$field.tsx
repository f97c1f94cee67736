import "~/components/shell/shell-bundle";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { translateNow } from "~/components/locale/active";
import { TaxonomyBrowse } from "~/components/taxonomy/TaxonomyBrowse";
import type { FormReplyBody } from "~/http/error";
import { taxonomyPickerAction, taxonomyPickerLoader } from "~/http/taxonomy/taxonomy-picker.server";

/*
 * A field's term picker (decision 060): the JavaScript picker's data, and without JavaScript the
 * plain page that browses the tree and posts the choice back to the asset.
 */

export const handle = { i18n: ["taxonomy"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${
      data
        ? translateNow("taxonomy.browse.title", { label: data.label })
        : translateNow("taxonomy.browse.titleBare")
    } | Arkiv`,
  },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await taxonomyPickerLoader(request, params.field), {
    headers: { "Cache-Control": "private, no-cache" },
  });
}

/** Adding a term (allowTaxonomyEditing), from the picker or from this page. */
export async function action({ request, params }: ActionFunctionArgs) {
  return taxonomyPickerAction(request, params.field);
}

export default function TaxonomyPickerPage() {
  const reply = useActionData<FormReplyBody>();
  return <TaxonomyBrowse data={useLoaderData<typeof loader>()} reply={reply} />;
}
