/*
 * The metadata fields every archive knows, by the numeric ids of the API (IPTC numbering): the
 * built-in ones ingest fills from the files' EXIF, IPTC and XMP. Custom fields (from 300) are
 * stored in the database (app/models/metadata/metadata.server.ts, decision 032).
 */

export type FieldType = "Single" | "Bag" | "AltLang" | "Date";

export interface MetadataField {
  id: number;
  label: string;
  type: FieldType;
  /** Longest value kept, in characters. */
  maxLength: number;
  /** The group the field picker files it under (spec 001: the metadata groups). */
  group: string;
}

export const METADATA_FIELDS: readonly MetadataField[] = [
  { id: 5, label: "Title", type: "Single", maxLength: 1000, group: "Description" },
  { id: 10, label: "Urgency", type: "Single", maxLength: 10, group: "Description" },
  { id: 25, label: "Keywords", type: "Bag", maxLength: 1000, group: "Description" },
  {
    id: 40,
    label: "Special instructions",
    type: "Single",
    maxLength: 10_000,
    group: "Description",
  },
  { id: 55, label: "Date created", type: "Date", maxLength: 40, group: "Origin" },
  { id: 80, label: "By-line", type: "Bag", maxLength: 1000, group: "Rights" },
  { id: 85, label: "By-line title", type: "Single", maxLength: 1000, group: "Rights" },
  { id: 90, label: "City", type: "Single", maxLength: 1000, group: "Location" },
  { id: 92, label: "Sublocation", type: "Single", maxLength: 1000, group: "Location" },
  { id: 95, label: "Province/State", type: "Single", maxLength: 1000, group: "Location" },
  { id: 101, label: "Country", type: "Single", maxLength: 1000, group: "Location" },
  { id: 103, label: "Job identifier", type: "Single", maxLength: 1000, group: "Origin" },
  { id: 105, label: "Headline", type: "Single", maxLength: 10_000, group: "Description" },
  { id: 110, label: "Credit", type: "Single", maxLength: 1000, group: "Rights" },
  { id: 115, label: "Source", type: "Single", maxLength: 1000, group: "Rights" },
  { id: 116, label: "Copyright notice", type: "Single", maxLength: 10_000, group: "Rights" },
  { id: 120, label: "Description", type: "Single", maxLength: 10_000, group: "Description" },
  { id: 122, label: "Caption writer", type: "Single", maxLength: 1000, group: "Description" },
];

export const FIELD = {
  title: 5,
  keywords: 25,
  byline: 80,
  city: 90,
  country: 101,
  copyright: 116,
  description: 120,
} as const;

const byId = new Map(METADATA_FIELDS.map((f) => [f.id, f]));

export function metadataField(id: number): MetadataField | undefined {
  return byId.get(id);
}

export type FieldValues = Record<number, string | string[]>;

/** A stored value as a list, for Bag fields and for joining. */
export function valuesOf(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : value === "" ? [] : [value];
}
