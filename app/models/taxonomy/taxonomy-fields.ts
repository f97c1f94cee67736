import { LINKS } from "~/utils/links";

/*
 * Taxonomy-backed metadata fields as the editors see them (issue 19, decision 060). Pure and
 * shared by the server (which fills it) and the widgets (which read it): the field's taxonomy,
 * whether the view takes its values only from it, the names of the values the field holds, and
 * the choices a page without JavaScript offers.
 */

/** One term offered by the plain (no-JavaScript) form, in tree order. */
export interface TaxonomyChoice {
  id: number;
  value: string;
  name: string;
  /** 0 for a root. */
  depth: number;
  /** Allows Set; a branch without Set is shown but cannot be chosen. */
  selectable: boolean;
}

export interface FieldTaxonomy {
  field: number;
  name: string;
  /** The taxonomy in the API (reference Taxonomy.href). */
  href: string;
  /** The picker's data and the plain browse page of the tree. */
  pickerHref: string;
  /** The view marks the field TaxonomyOnly: only terms allowing Set are accepted. */
  only: boolean;
  /** Item names of the values shown, by value (a value that is no term shows as it is). */
  names: Record<string, string>;
  /** The first terms in tree order, for a plain select or checkbox list. */
  choices: TaxonomyChoice[];
  /** More terms than `choices` holds: the browse page lists them all. */
  more: boolean;
}

/** One item as the picker's data gives it. */
export interface PickerItem {
  id: number;
  value: string;
  name: string;
  description: string;
  selectable: boolean;
  hasChildren: boolean;
}

/** The picker's data: one level of the tree (or a search's matches), a page of it. */
export interface PickerPage {
  field: number;
  taxonomy: string;
  parent: { id: number; name: string; parentId: number | null } | null;
  ancestors: { id: number; name: string }[];
  query: string;
  items: PickerItem[];
  total: number;
  offset: number;
  limit: number;
}

/** Spec 002 §9: the placeholder href of the entry that empties a single field. */
export const EMPTY_ENTRY_HREF = "empty_url";
/** Spec 002 §9: how long the picker's search waits after the last key. */
export const TAXONOMY_SEARCH_DEBOUNCE_MS = 300;
/** How many terms a plain form lists before it points to the browse page. */
export const PLAIN_CHOICES_CAP = 200;

/** The picker page of a field: its data for the picker and the plain browse page. */
export const taxonomyPickerPath = (fieldId: number) => `${LINKS.taxonomyPicker}${fieldId}`;

/** A value's name in the field's taxonomy, or the value itself. */
export const termName = (taxonomy: FieldTaxonomy | null | undefined, value: string) =>
  taxonomy?.names[value] ?? value;
