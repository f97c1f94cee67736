import { db, now } from "../../app/db/connection.server";
import { createArchive } from "../../app/models/archive/archive.server";
import { insertAsset } from "../../tests/helpers/assets";
import {
  STORY_ASSETS,
  STORY_GROUP,
  storyAdmin,
  storyArchive,
  storyEditor,
  storyField,
  storyVisitor,
} from "../../tests/e2e/organize-story";

/*
 * Seed data of issue 19's story (tests/e2e/organize-story.ts holds the names): per project a
 * keyword field with no taxonomy yet, a metadata view that takes it from its taxonomy only, an
 * archive whose navigation pane filters by it, two assets, an editor (EditText), a visitor (View)
 * and an administrator holding manageTaxonomies through a group.
 */
export async function seedOrganizeStory(users: Map<string, number>): Promise<void> {
  const id = (username: string) => {
    const found = users.get(username);
    if (found === undefined) throw new Error(`organize-story seed: no user ${username}`);
    return found;
  };
  const at = now();
  const { id: groupId } = await db()
    .insertInto("groups")
    .values({
      name: STORY_GROUP,
      created_at: at,
      permissions: JSON.stringify({ manageTaxonomies: true }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const project of ["js", "nojs"])
    await db()
      .insertInto("group_members")
      .values({ group_id: groupId, user_id: id(storyAdmin(project)) })
      .execute();
  for (const project of ["js", "nojs"]) {
    const { id: field } = await db()
      .insertInto("metadata_fields")
      .values({
        label: storyField(project),
        data_type: "text",
        multi_instance: 1,
        max_size: 200,
        namespace: "custom",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const entry = (f: number, only = false) => ({
      Field: f,
      IsWritable: true,
      Required: false,
      TaxonomyOnly: only,
    });
    const viewId = `os-${project}`;
    await db()
      .insertInto("metadata_views")
      .values({
        id: viewId,
        name: `OS ${project}`,
        name_key: `os ${project}`,
        builtin_fields: JSON.stringify({
          Title: entry(5),
          Description: entry(120),
          Tags: entry(25),
          Status: entry(250),
          Rating: entry(251),
          Notes: entry(230),
        }),
        detail_regions: JSON.stringify([
          { Name: "Classification", Fields: [entry(5), entry(field, true)] },
        ]),
        created_at: at,
        updated_at: at,
      })
      .execute();
    const archive = await createArchive({
      name: storyArchive(project),
      config: {
        MetadataSetId: viewId,
        NavigationPaneControl: { SearchTreeFields: [field] },
      },
      members: [
        {
          type: "user",
          id: id(storyEditor(project)),
          permissions: ["View", "Preview", "EditText"],
          autoSearch: "",
        },
        {
          type: "user",
          id: id(storyVisitor(project)),
          permissions: ["View", "Preview"],
          autoSearch: "",
        },
      ],
    });
    await insertAsset(archive, { fileName: STORY_ASSETS.tagged, title: "Boat at dawn" });
    await insertAsset(archive, { fileName: STORY_ASSETS.other, title: "Lone tree" });
  }
}
