import { MATRIX_PATHS } from "./paths";

/*
 * Matrix parameters on a collection's URL (`…/5000-Name/;p=2;o=name`) become query parameters
 * named with their semicolon (`?;p=2&;o=name`), so the route that serves the collection's URL
 * answers, and the model reads them apart from the query's own (`o` is the advanced search's
 * orientation). Nothing is checked here: the model refuses what it does not know, with a message.
 */

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The path and query with the matrix parameters moved into the query; null if there are none. */
export function matrixToQuery(path: string, query: string): string | null {
  for (const pattern of MATRIX_PATHS) {
    const match = pattern.exec(path);
    if (!match) continue;
    const search = new URLSearchParams(query);
    for (const part of match[2]!.split(";")) {
      if (part === "") continue;
      const equals = part.indexOf("=");
      const name = equals < 0 ? part : part.slice(0, equals);
      search.append(`;${decoded(name)}`, equals < 0 ? "" : decoded(part.slice(equals + 1)));
    }
    const text = search.toString();
    return `${match[1]}${text ? `?${text}` : ""}`;
  }
  return null;
}
