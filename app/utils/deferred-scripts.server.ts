import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from "./deferred-scripts";

/*
 * Remix's <Scripts> renders, at the end of <body>, a modulepreload link for each module and one
 * inline module script that imports the route modules and then the entry. The browser fetches
 * them all as soon as it parses them; renamed, it fetches none until SCRIPT_LOADER names them
 * back. React escapes every text and attribute it renders (and Remix the data it inlines), so
 * these two patterns can only be the elements Remix wrote. Both are plain text searches: a
 * regular expression over the whole page cost the grid a tenth of its request (issue 31).
 */
export function deferredScriptsMarkup(html: string): string {
  return html
    .replaceAll('<link rel="modulepreload" ', `<link rel="${DEFERRED_PRELOAD_REL}" `)
    .replaceAll(' type="module" async=""', ` type="${DEFERRED_MODULE_TYPE}"`);
}
