import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { albumsPageFor } from "~/http/album/album-list.server";

/* A browser at this album list of the API is shown the albums page under the matching filter. */
export const loader = (_args: LoaderFunctionArgs) => redirect(albumsPageFor("shared"));
