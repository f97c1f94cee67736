import { taxonomyHref, taxonomyItemHref } from "~/utils/links";
import type { Taxonomy, TaxonomyItem } from "./taxonomy.server";

/*
 * The reference's taxonomy representations (decision 059): pure, so the tree widget reads the same
 * shapes the API gives. Hrefs come from app/utils/links.ts.
 */

export const TAXONOMY_TYPES = {
  list: "application/vnd.fotoware.taxonomy-list+json",
  taxonomy: "application/vnd.fotoware.taxonomy+json",
  taxonomyInfo: "application/vnd.fotoware.taxonomy-info+json",
  itemList: "application/vnd.fotoware.taxonomy-item-list+json",
  item: "application/vnd.fotoware.taxonomy-item+json",
  itemInfo: "application/vnd.fotoware.taxonomy-item-info+json",
} as const;

export interface PagingView {
  first: string;
  last: string;
  next: string | null;
  prev: string | null;
}

export interface TaxonomyInfoView {
  field: number;
  name: string;
  pluralName: string;
  description: string;
  hasChildren: boolean;
  href: string;
  taxonomyHref: string;
}

export interface TaxonomyItemInfoView {
  /** The item's id (not in the reference; the tree and the pickers key by it). */
  id: number;
  name: string;
  value: string;
  description: string;
  customSearch: string;
  acl: string[];
  hasChildren: boolean;
  field: number;
  href: string;
  taxonomyHref: string;
}

export interface TaxonomyItemListView {
  data: TaxonomyItemInfoView[];
  paging: PagingView;
}

export interface TaxonomyItemView extends TaxonomyItemInfoView {
  children: TaxonomyItemListView;
  ancestors: { name: string; href: string }[];
}

export function taxonomyInfoView(taxonomy: Taxonomy): TaxonomyInfoView {
  const href = taxonomyHref(taxonomy.field);
  return {
    field: taxonomy.field,
    name: taxonomy.name,
    pluralName: taxonomy.pluralName,
    description: taxonomy.description,
    hasChildren: taxonomy.hasChildren,
    href,
    taxonomyHref: href,
  };
}

export function itemInfoView(item: TaxonomyItem): TaxonomyItemInfoView {
  return {
    id: item.id,
    name: item.name,
    value: item.value,
    description: item.description,
    customSearch: item.customSearch,
    acl: [...item.acl],
    hasChildren: item.hasChildren,
    field: item.field,
    href: taxonomyItemHref(item.field, item.id),
    taxonomyHref: taxonomyHref(item.field),
  };
}

/**
 * Paging of a list whose pages are `base;p=N` (N from 0), the query kept. Always an object, one
 * page too (the reference's PagingInfo requires it, and clients read paging.next unchecked).
 */
export function pagingView(
  base: string,
  page: number,
  total: number,
  size: number,
  query = "",
): PagingView {
  const pages = Math.max(1, Math.ceil(total / size));
  const at = (p: number) => `${base};p=${p}${query ? `?${query}` : ""}`;
  return {
    first: at(0),
    last: at(pages - 1),
    next: page + 1 < pages ? at(page + 1) : null,
    prev: page > 0 ? at(Math.min(page - 1, pages - 1)) : null,
  };
}
