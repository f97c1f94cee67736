import { db, now } from "../../app/db/connection.server";
import { createItem, createTaxonomy } from "../../app/models/taxonomy/taxonomy-write.server";
import {
  TAXONOMY_ADMIN_GROUP,
  TAXONOMY_ADMIN_SEEDED,
  TAXONOMY_ADMIN_SEEDED_FIELD,
  TAXONOMY_ADMIN_USERS,
  taxonomyAdminField,
  windName,
} from "../../tests/e2e/taxonomy-admin";

/*
 * Seed data of the taxonomy-admin end-to-end specs (tests/e2e/taxonomy-admin.ts holds the names):
 * a group holding manageTaxonomies with the part's users, a text field per project to build a
 * taxonomy on, and a field whose taxonomy is already there (axe and the keyboard).
 */
export async function seedTaxonomyAdmin(users: Map<string, number>): Promise<void> {
  const { id: groupId } = await db()
    .insertInto("groups")
    .values({
      name: TAXONOMY_ADMIN_GROUP,
      created_at: now(),
      permissions: JSON.stringify({ manageTaxonomies: true }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const { username } of TAXONOMY_ADMIN_USERS) {
    const userId = users.get(username);
    if (userId === undefined) throw new Error(`taxonomy-admin seed: no user ${username}`);
    await db().insertInto("group_members").values({ group_id: groupId, user_id: userId }).execute();
  }
  const field = async (label: string) => {
    const at = now();
    const row = await db()
      .insertInto("metadata_fields")
      .values({ label, data_type: "text", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  };
  for (const project of ["js", "nojs"]) await field(taxonomyAdminField(project));
  const seeded = await field(TAXONOMY_ADMIN_SEEDED_FIELD);
  await createTaxonomy(seeded, { pluralName: TAXONOMY_ADMIN_SEEDED.plural, name: "Subject" });
  const roots = new Map<string, number>();
  for (const name of TAXONOMY_ADMIN_SEEDED.roots)
    roots.set(name, (await createItem(seeded, null, { name })).id);
  for (const name of TAXONOMY_ADMIN_SEEDED.animals)
    await createItem(seeded, roots.get("Animals")!, { name });
  for (let i = 0; i < TAXONOMY_ADMIN_SEEDED.weatherCount; i++)
    await createItem(seeded, roots.get("Weather")!, { name: windName(i) });
}
