/*
 * The reference's Paging of a list (CollectionList, AssetList, TaxonomyList, ...). Clients follow
 * paging.next without checking that paging is there (pyfwapi, enonic), so a list answers a paging
 * object even when one page holds everything: first and last are then the list itself, and prev
 * and next are null, as the reference describes an end of the list.
 */

export interface ListPaging {
  first: string;
  /** null when the last page is not known (the reference's Paging.last). */
  last: string | null;
  prev: string | null;
  next: string | null;
}

/** The paging of a list answered whole at `href`. */
export function onePage(href: string): ListPaging {
  return { first: href, last: href, prev: null, next: null };
}
