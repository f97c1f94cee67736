import { db, now } from "../../app/db/connection.server";
import type { ArchivePermission } from "../../app/models/archive/archive.schema";
import { createArchive } from "../../app/models/archive/archive.server";
import { insertAsset } from "../../tests/helpers/assets";
import {
  TAXONOMY_FIELDS_ARCHIVE,
  TAXONOMY_FIELDS_MANAGERS,
  TAXONOMY_FIELDS_USERS,
  TAXONOMY_FIELDS_VIEW,
  TAXONOMY_FIELDS_WHO,
  taxonomyFieldsAsset,
  taxonomyFieldsEditor,
} from "../../tests/e2e/taxonomy-fields";

/*
 * Seed data of the taxonomy-fields end-to-end specs (tests/e2e/taxonomy-fields.ts holds the
 * names), and the same fixture for the integration tests: three text fields with taxonomies
 * (Subjects, a bag taking values only from its tree, a few levels deep with a heading that
 * cannot be chosen; Mood, a single value only from its terms; Place, a single value whose terms
 * are offered but free values allowed), a view showing them, written directly as an
 * administrator would leave them. Runs after the ingest seed.
 */

export interface TermSeed {
  name: string;
  value?: string;
  acl?: string;
  children?: TermSeed[];
}

const ALL = "Navigate,Query,Set";

export const SUBJECT_TERMS: TermSeed[] = [
  {
    name: "Nature",
    value: "nature",
    acl: "Navigate,Query",
    children: [
      {
        name: "Animals",
        value: "animals",
        children: [
          { name: "Dogs", value: "dogs" },
          { name: "Cats", value: "cats" },
        ],
      },
      { name: "Plants", value: "plants" },
    ],
  },
  { name: "Cities", value: "cities" },
  { name: "Retired term", value: "retired", acl: "Navigate" },
  { name: "<b>Bold</b> & co", value: "<b>bold</b>" },
];

export const MOOD_TERMS: TermSeed[] = [
  { name: "Calm", value: "calm" },
  { name: "Happy", value: "happy" },
  {
    name: "Gloomy",
    value: "gloomy",
    acl: "Navigate,Query",
    children: [{ name: "Sad", value: "sad" }],
  },
];

export const PLACE_TERMS: TermSeed[] = [
  { name: "Oslo", value: "oslo" },
  { name: "Bergen", value: "bergen" },
];

async function insertTerms(field: number, terms: TermSeed[], parent: number | null) {
  let position = 1;
  for (const term of terms) {
    const at = now();
    const { id } = await db()
      .insertInto("taxonomy_items")
      .values({
        field_id: field,
        parent_id: parent,
        name: term.name,
        value: term.value ?? term.name,
        acl: term.acl ?? ALL,
        position: position++,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertTerms(field, term.children ?? [], id);
  }
}

async function taxonomyField(label: string, multi: boolean, terms: TermSeed[]): Promise<number> {
  const at = now();
  const { id } = await db()
    .insertInto("metadata_fields")
    .values({
      label,
      data_type: "text",
      multi_instance: multi ? 1 : 0,
      max_size: 200,
      namespace: "custom",
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db()
    .insertInto("taxonomies")
    .values({ field_id: id, name: label, plural_name: label, created_at: at, updated_at: at })
    .execute();
  await insertTerms(id, terms, null);
  return id;
}

export interface TaxonomyFieldsFixture {
  viewId: string;
  subjects: number;
  mood: number;
  place: number;
}

/** The fields, their taxonomies and a view showing them (title, keywords, the three). */
export async function createTaxonomyFieldsFixture(name: string): Promise<TaxonomyFieldsFixture> {
  const subjects = await taxonomyField(`${name} subjects`, true, SUBJECT_TERMS);
  const mood = await taxonomyField(`${name} mood`, false, MOOD_TERMS);
  const place = await taxonomyField(`${name} place`, false, PLACE_TERMS);
  const entry = (field: number, only = false) => ({
    Field: field,
    IsWritable: true,
    Required: false,
    TaxonomyOnly: only,
  });
  const viewId = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const at = now();
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
        {
          Name: "Classification",
          Fields: [entry(5), entry(subjects, true), entry(mood, true), entry(place)],
        },
      ]),
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { viewId, subjects, mood, place };
}

export async function seedTaxonomyFields(users: Map<string, number>): Promise<void> {
  const fixture = await createTaxonomyFieldsFixture(TAXONOMY_FIELDS_VIEW);
  const members = TAXONOMY_FIELDS_USERS.map((u) => {
    const id = users.get(u.username);
    if (id === undefined) throw new Error(`the seed user ${u.username} is missing`);
    return {
      type: "user" as const,
      id,
      permissions: ["View", "Preview", "EditText"] as ArchivePermission[],
      autoSearch: "",
    };
  });
  // The axe checks' people also manage taxonomies, so the popover's Edit buttons and edit modal
  // are checked in both themes.
  const { id: groupId } = await db()
    .insertInto("groups")
    .values({
      name: TAXONOMY_FIELDS_MANAGERS,
      created_at: now(),
      permissions: JSON.stringify({ manageTaxonomies: true }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const theme of ["light", "dark"])
    await db()
      .insertInto("group_members")
      .values({ group_id: groupId, user_id: users.get(taxonomyFieldsEditor(theme))! })
      .execute();
  const archive = await createArchive({
    name: TAXONOMY_FIELDS_ARCHIVE,
    config: { MetadataSetId: fixture.viewId },
    members,
  });
  for (const who of TAXONOMY_FIELDS_WHO)
    await insertAsset(archive, {
      fileName: taxonomyFieldsAsset(who),
      title: `Tagging ${who}`,
      metadata: { 5: `Tagging ${who}`, [fixture.subjects]: ["cities"], [fixture.place]: "Tromsø" },
    });
}
