import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { albumsPageFor } from "~/http/album/album-list.server";

/* A browser at the albums list of the API is shown the albums page (the JSON twin answers JSON). */
export const loader = (_args: LoaderFunctionArgs) => redirect(albumsPageFor("all"));
