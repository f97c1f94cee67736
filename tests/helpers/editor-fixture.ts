import { db, now } from "~/db/connection.server";

/*
 * A metadata view for editor tests: title, caption (120), keywords (25), and a custom field whose
 * pattern allows digits only, with its help text. Written directly, as an administrator would
 * leave them; the archive names the view in its MetadataSetId.
 */

export const DIGITS_HELP = "Only numbers, please";

export async function createEditorView(name: string): Promise<{ viewId: string; digits: number }> {
  const at = now();
  const { id: digits } = await db()
    .insertInto("metadata_fields")
    .values({
      label: `${name} number`,
      data_type: "text",
      max_size: 100,
      validation: JSON.stringify({ Regexp: "[0-9]+", HelpText: DIGITS_HELP }),
      namespace: "custom",
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const entry = (field: number) => ({
    Field: field,
    IsWritable: true,
    Required: false,
    TaxonomyOnly: false,
  });
  const viewId = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  await db()
    .insertInto("metadata_views")
    .values({
      id: viewId,
      name,
      name_key: name.toLowerCase(),
      builtin_fields: JSON.stringify({
        Title: entry(5),
        Description: entry(120),
        Tags: entry(25),
        Status: entry(250),
        Rating: entry(251),
        Notes: entry(230),
      }),
      detail_regions: JSON.stringify([
        { Name: "Editing", Fields: [5, 120, 25, digits].map(entry) },
      ]),
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { viewId, digits };
}
