import {
  advancedSearchPageHref,
  advancedSearchTarget,
} from "~/models/search/advanced-search.schema";

/**
 * Where the header's "Advanced search" links without JavaScript: the advanced search page for
 * this page's collection, refilled with its search. Made on the server (the root loader), so the
 * code every page loads in the browser holds no search schema (zod and the field lists;
 * decision 027).
 */
export function advancedSearchHref({ pathname, searchParams }: URL): string {
  const target = advancedSearchTarget(pathname);
  // Only the collection's own search refills the form; another page's q means something else.
  return advancedSearchPageHref(target, pathname === target ? searchParams : undefined);
}
