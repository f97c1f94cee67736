import {
  ARKIV_XMP_NAMESPACE,
  BUILTIN_ROLES,
  FIXED_FIELD,
  IPTC_XMP_NAMESPACE,
  type DataType,
  type FieldDefinition,
  type MetadataViewRecord,
  type ViewField,
} from "./metadata.schema";
import { LINKS, taxonomyHref } from "~/utils/links";

/*
 * What clients read of metadata fields and views (decision 032): the metadata set at
 * /fotoweb/editors/{id} in the reference's MetadataView shape (spec 002 "Metadata set"), the
 * metadataEditor link of collections and assets, and the configuration API's records. Pure.
 */

/** The metadata administration's pages (decision 041). */
export const METADATA_ADMIN = {
  fields: LINKS.adminMetadata,
  newField: `${LINKS.adminMetadata}/fields/new`,
  field: (id: number) => `${LINKS.adminMetadata}/fields/${id}`,
  views: `${LINKS.adminMetadata}/views`,
  newView: `${LINKS.adminMetadata}/views/new`,
  view: (id: string) => `${LINKS.adminMetadata}/views/${encodeURIComponent(id)}`,
};

export const EDITORS_PATH = "/fotoweb/editors/";
export const editorHref = (viewId: string) => `${EDITORS_PATH}${encodeURIComponent(viewId)}`;

export const METADATA_CONFIG_PATH = "/fotoweb/api/config/metadata/";
export const METADATA_VIEWS_CONFIG_PATH = "/fotoweb/api/config/metadataviews/";
export const fieldConfigHref = (id: number) => `${METADATA_CONFIG_PATH}fields/${id}`;
export const viewConfigHref = (id: string) =>
  `${METADATA_VIEWS_CONFIG_PATH}${encodeURIComponent(id)}`;
export const namespaceFieldsHref = (alias: string) =>
  `${METADATA_CONFIG_PATH}namespaces/${encodeURIComponent(alias)}/fields`;
export const groupFieldsHref = (name: string) =>
  `${METADATA_CONFIG_PATH}groups/${encodeURIComponent(name)}/fields`;

/** The reference's metadataEditor of a collection and an asset. */
export interface MetadataEditorLink {
  name: string;
  href: string;
}

export const metadataEditorLink = (view: Pick<MetadataViewRecord, "Id" | "Name">) => ({
  name: view.Name,
  href: editorHref(view.Id),
});

/** A field as the metadata set describes it (reference MetadataView, field). */
export interface MetadataSetField {
  id: number;
  label: string;
  "data-type": DataType;
  "multi-instance": boolean;
  multiline: boolean;
  "max-size": number;
  validation: { regexp?: string; helpText?: string; min?: number; max?: number };
  /** A dropdown's choices (spec 002: each with value and description). */
  values?: { value: string; description: string }[];
  /** The field's taxonomy (issue 19); absent when it has none. */
  taxonomyHref?: string;
}

export interface MetadataSetEntry {
  field: MetadataSetField;
  isWritable: boolean;
  required: boolean;
  "taxonomy-only": boolean;
}

export interface MetadataSet {
  id: string;
  href: string;
  name: string;
  builtinFields: Record<Lowercase<(typeof BUILTIN_ROLES)[number]>, MetadataSetEntry>;
  detailRegions: { name: string; fields: MetadataSetEntry[] }[];
}

function setField(field: FieldDefinition, taxonomies: ReadonlySet<number>): MetadataSetField {
  const v = field.Validation;
  return {
    id: field.Id,
    label: field.GuiLabel,
    "data-type": field.DataType,
    "multi-instance": field.MultiInstance,
    multiline: field.Multiline,
    "max-size": field.MaxSize,
    validation: {
      ...(v.Regexp !== undefined ? { regexp: v.Regexp } : {}),
      ...(v.HelpText !== undefined ? { helpText: v.HelpText } : {}),
      ...(v.Min !== undefined ? { min: v.Min } : {}),
      ...(v.Max !== undefined ? { max: v.Max } : {}),
    },
    // The reference's taxonomyHref: "if null, none", so a field without one leaves it out.
    ...(taxonomies.has(field.Id) ? { taxonomyHref: taxonomyHref(field.Id) } : {}),
    ...(field.Values.length > 0
      ? { values: field.Values.map((d) => ({ value: d.Value, description: d.Description })) }
      : {}),
  };
}

/**
 * The view as its metadata set. An entry whose field no longer exists is left out rather than
 * failing the whole set (the model refuses to remove a field a view uses, so it is damage).
 */
export function metadataSetView(
  view: Omit<MetadataViewRecord, "Revision">,
  fields: ReadonlyMap<number, FieldDefinition>,
  /** The fields that have a taxonomy. */
  taxonomies: ReadonlySet<number> = new Set(),
): MetadataSet {
  const entry = (e: ViewField): MetadataSetEntry[] => {
    const field = fields.get(e.Field);
    return field
      ? [
          {
            field: setField(field, taxonomies),
            isWritable: e.IsWritable,
            required: e.Required,
            "taxonomy-only": e.TaxonomyOnly,
          },
        ]
      : [];
  };
  const builtinFields = Object.fromEntries(
    BUILTIN_ROLES.flatMap((role) =>
      entry(view.BuiltinFields[role]).map((e) => [role.toLowerCase(), e] as const),
    ),
  ) as MetadataSet["builtinFields"];
  return {
    id: view.Id,
    href: editorHref(view.Id),
    name: view.Name,
    builtinFields,
    detailRegions: view.DetailRegions.map((r) => ({
      name: r.Name,
      fields: r.Fields.flatMap(entry),
    })),
  };
}

/** A field in the configuration API: its definition and its own href. */
export const configFieldView = (field: FieldDefinition) => ({
  ...field,
  Href: fieldConfigHref(field.Id),
});

/** A view in the configuration API: its record, its href there and its metadata set's. */
export const configViewView = (view: MetadataViewRecord) => ({
  ...view,
  Href: viewConfigHref(view.Id),
  EditorHref: editorHref(view.Id),
});

/** The value types the real product's known fields name (pyfwapi reads these five). */
const VALUE_TYPES: Record<DataType, "Boolean" | "Date" | "Integer" | "Real" | "Text"> = {
  text: "Text",
  date: "Date",
  "date-dropdown": "Date",
  number: "Real",
  checkbox: "Boolean",
  dropdown: "Text",
  "input-dropdown": "Text",
  email: "Text",
  password: "Text",
};

/**
 * A field as /fotoweb/api/config/metadata/fields/known answers it: the configuration record with
 * the real product's known-field keys (Name, ValueType, IsMultiline, the struct and XMP names).
 * Its FieldType is one of the real product's (AltLang, Bag, Seq, Single): a date is a Single
 * whose ValueType says Date. Arkiv's fields are no structures and carry no XMP names of their own.
 */
export function knownFieldView(field: FieldDefinition) {
  return {
    ...configFieldView(field),
    Name: field.GuiLabel,
    FieldType: field.FieldType === "Date" ? "Single" : field.FieldType,
    // The rating is a whole number from 0 to 5; other numbers may have decimals.
    ValueType: field.Id === FIXED_FIELD.rating ? "Integer" : VALUE_TYPES[field.DataType],
    IsMultiline: field.Multiline,
    StructName: "",
    StructLabel: "",
    AdobeName: "",
    CoreName: "",
  };
}

/** The XMP namespace a namespace's fields are written in: IPTC Core, or Arkiv's own. */
const namespaceUrl = (alias: string) =>
  alias === "iptc" ? IPTC_XMP_NAMESPACE : ARKIV_XMP_NAMESPACE;

/**
 * The namespaces and groups of the field picker (spec 001), with how many fields each holds;
 * Url, Alias and Name as the real product's namespace list gives them (pyfwapi reads those).
 */
export function fieldNamespaces(fields: readonly FieldDefinition[]) {
  const found = new Map<string, { Alias: string; Label: string; FieldCount: number }>();
  for (const f of fields) {
    const entry = found.get(f.Namespace) ?? {
      Alias: f.Namespace,
      Label: f.NamespaceLabel,
      FieldCount: 0,
    };
    entry.FieldCount++;
    found.set(f.Namespace, entry);
  }
  return [...found.values()].map((n) => ({
    ...n,
    Name: n.Label,
    Url: namespaceUrl(n.Alias),
    Href: namespaceFieldsHref(n.Alias),
  }));
}

export function fieldGroups(fields: readonly FieldDefinition[]) {
  const found = new Map<string, { Name: string; FieldCount: number }>();
  for (const f of fields) {
    if (f.Group === "") continue;
    const key = f.Group.toLowerCase();
    const entry = found.get(key) ?? { Name: f.Group, FieldCount: 0 };
    entry.FieldCount++;
    found.set(key, entry);
  }
  return [...found.values()].map((g) => ({ ...g, Href: groupFieldsHref(g.Name) }));
}
