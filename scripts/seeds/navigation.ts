import { db, now } from "~/db/connection.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { searchDocument } from "~/models/search/search-document";
import {
  NAV_A11Y_SMART_FOLDERS,
  NAV_A11Y_USER,
  NAV_FIELD_LABEL,
  NAV_FOLDER,
  NAV_OLD,
  NAV_RECENT,
  NAV_TERMS,
  navEditor,
  navigationArchive,
  navVisitor,
} from "../../tests/e2e/navigation";

/*
 * Seed data of the navigation end-to-end specs (tests/e2e/navigation.ts holds the names): a
 * custom text field with a taxonomy (rows inserted directly), and for each project and the
 * accessibility checks an archive whose SearchTreeFields is that field, with recent and old
 * assets tagged with the terms, a folder, an editor (EditSmartFolders) and a visitor (View).
 */

const DAY = 86_400_000;

async function taxonomyField(): Promise<number> {
  const at = now();
  const { id } = await db()
    .insertInto("metadata_fields")
    .values({
      label: NAV_FIELD_LABEL,
      data_type: "text",
      namespace: "custom",
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db()
    .insertInto("taxonomies")
    .values({
      field_id: id,
      name: "Subject",
      plural_name: "Subjects",
      created_at: at,
      updated_at: at,
    })
    .execute();
  const item = async (name: string, acl: string, parent: number | null, position: number) =>
    (
      await db()
        .insertInto("taxonomy_items")
        .values({
          field_id: id,
          parent_id: parent,
          name,
          value: name,
          acl,
          position,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const group = await item(NAV_TERMS.group, "Navigate", null, 1);
  const root = await item(NAV_TERMS.root, "Navigate,Query,Set", null, 2);
  await item(NAV_TERMS.child, "Navigate,Query,Set", group, 1);
  await item(NAV_TERMS.narrower, "Navigate,Query,Set", root, 1);
  return id;
}

async function assets(archive: Archive, field: number) {
  const at = now();
  const { id: folderId } = await db()
    .insertInto("folders")
    .values({
      archive_id: archive.id,
      parent_id: null,
      name: NAV_FOLDER,
      path: NAV_FOLDER,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const made = NAV_RECENT + NAV_OLD;
  for (let i = 0; i < made; i++) {
    const old = i >= NAV_RECENT;
    const created = old ? new Date(Date.now() - 30 * DAY).toISOString() : at;
    // The first recent and the first old are Sunset; the second recent is Harbour, the third Dusk.
    const term =
      i === 0 || i === NAV_RECENT
        ? NAV_TERMS.root
        : i === 1
          ? NAV_TERMS.child
          : i === 2
            ? NAV_TERMS.narrower
            : null;
    const fileName = `${old ? "old" : "new"}-${i}.jpg`;
    const title = `${old ? "Old" : "New"} photo ${i}`;
    await db()
      .insertInto("assets")
      .values({
        archive_id: archive.id,
        folder_id: i === 2 ? folderId : null,
        state: "ready",
        failure: null,
        file_name: fileName,
        title,
        color_space: "srgb",
        orientation: 1,
        placeholder: null,
        modified_date: null,
        camera_date: null,
        iptc_date: null,
        release_date: null,
        file_size: 1000,
        width: 300,
        height: 200,
        position: i,
        metadata: JSON.stringify(term ? { [field]: [term] } : {}),
        search_doc: searchDocument({
          fileName,
          title,
          description: "",
          tags: [],
          notes: "",
          status: "",
          fields: term ? { [field]: [term] } : {},
        }),
        created_by: null,
        created_at: created,
        updated_at: created,
      })
      .execute();
  }
}

export async function seedNavigation(users: Map<string, number>): Promise<void> {
  const field = await taxonomyField();
  const member = (username: string, edit: boolean) => ({
    type: "user" as const,
    id: users.get(username)!,
    permissions: edit
      ? (["View", "Preview", "EditSmartFolders"] as const).slice()
      : (["View", "Preview"] as const).slice(),
    autoSearch: "",
  });
  const config = {
    NavigationPaneControl: {
      SearchTreeFields: [field],
      EnableCustomSmartFolderName: true,
      CustomSmartFolderName: "Saved searches",
    },
  };
  for (const project of ["js", "nojs"]) {
    const archive = await createArchive({
      name: navigationArchive(project),
      config: config as never,
      members: [member(navEditor(project), true), member(navVisitor(project), false)],
    });
    await assets(archive, field);
  }
  const a11y = await createArchive({
    name: navigationArchive("a11y"),
    config: config as never,
    members: [member(NAV_A11Y_USER, true)],
  });
  await assets(a11y, field);
  const at = now();
  for (const [i, name] of NAV_A11Y_SMART_FOLDERS.entries())
    await db()
      .insertInto("smart_folders")
      .values({
        archive_id: a11y.id,
        name,
        expression: i === 0 ? "at:now-P7D" : `${field}:"${NAV_TERMS.root}"`,
        position: i + 1,
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
}
