import { z } from "zod";
import { requireArchive } from "~/models/access/access.server";
import {
  mayEditTaxonomies,
  requireTaxonomyEditor,
  taxonomyItemShown,
} from "~/models/access/organize-access.server";
import { viewForArchive } from "~/models/metadata/metadata.server";
import { englishOf } from "~/models/locale/catalog.server";
import { isProblem, Problem } from "~/models/problem/problem";
import {
  createItem,
  createTaxonomy,
  deleteItem,
  deleteTaxonomy,
  moveItem,
  updateItem,
  updateTaxonomy,
} from "~/models/taxonomy/taxonomy-write.server";
import {
  findTaxonomy,
  findTaxonomyItem,
  idFromSegment,
  itemAncestors,
  listTaxonomies,
  resolveTaxonomyItems,
  searchTaxonomyItems,
  TAXONOMY_PAGE_SIZE,
  taxonomyItems,
  type Taxonomy,
  type TaxonomyItem,
} from "~/models/taxonomy/taxonomy.server";
import {
  MAX_IMPORT_BYTES,
  MAX_INFO_IDS,
  TAXONOMY_ITEM_NOT_FOUND,
  TAXONOMY_NOT_FOUND,
} from "~/models/taxonomy/taxonomy.schema";
import {
  exportTaxonomyCsv,
  importProblemText,
  importTaxonomyCsv,
} from "~/models/taxonomy/taxonomy-exchange.server";
import {
  itemInfoView,
  pagingView,
  TAXONOMY_TYPES,
  taxonomyInfoView,
  type TaxonomyItemListView,
} from "~/models/taxonomy/taxonomy.view";
import type { Viewer } from "~/models/user/user.schema";
import { LINKS, taxonomyHref, taxonomyItemHref } from "~/utils/links";
import { apiError, apiJson } from "../http.server";
import { acceptsAnything, preferredType } from "../negotiate";
import { requireViewer } from "../session.server";
import { readJsonBody } from "../submission.server";

/*
 * The reference's taxonomy operations (decision 059). Reading needs a viewer who may browse (the
 * guest too, when the site has one) and shows non-editors only what taxonomyItemShown allows;
 * every change needs manageTaxonomies. An item of another taxonomy, or one hidden from the
 * viewer, answers as a missing one.
 */

const NO_STORE = { "Cache-Control": "no-store" };

export interface Reader {
  viewer: Viewer;
  canEdit: boolean;
}

export async function taxonomyReader(request: Request): Promise<Reader> {
  const viewer = await requireViewer(request, { browsing: true });
  return { viewer, canEdit: await mayEditTaxonomies(viewer) };
}

export async function taxonomyEditor(request: Request): Promise<Viewer> {
  return requireTaxonomyEditor(await requireViewer(request, { browsing: true }));
}

/** `;p` of the matrix (moved into the query by server/): the page from 0; 400 when malformed. */
export function pageOf(request: Request): number | null {
  const value = new URL(request.url).searchParams.get(";p");
  if (value === null) return null;
  if (!/^\d{1,6}$/.test(value))
    throw new Problem("invalid", "The page (;p=) must be a whole number from 0.");
  return Number(value);
}

/**
 * The representation to answer: a vendor type the client names, else plain JSON (the first
 * offered shape) for `application/json`, a wildcard or no Accept; undefined means 406.
 */
function chooseType(request: Request, offered: readonly string[]): string | undefined {
  const vendor = preferredType(request, offered);
  if (vendor) return vendor;
  const accept = request.headers.get("accept");
  if (!accept || acceptsAnything(request) || preferredType(request, ["application/json"]))
    return "application/json";
  return undefined;
}

const notAcceptable = (request: Request) =>
  apiError(request, 406, "None of the media types this address answers is acceptable.");

async function requireShownTaxonomy(fieldId: number | null): Promise<Taxonomy> {
  const taxonomy = fieldId === null ? null : await findTaxonomy(fieldId);
  if (!taxonomy) throw new Problem("not-found", TAXONOMY_NOT_FOUND);
  return taxonomy;
}

async function requireShownItem(
  fieldId: number,
  itemId: number | null,
  canEdit: boolean,
): Promise<TaxonomyItem> {
  const item = itemId === null ? null : await findTaxonomyItem(fieldId, itemId);
  if (!item || !taxonomyItemShown(item, canEdit))
    throw new Problem("not-found", TAXONOMY_ITEM_NOT_FOUND);
  return item;
}

/** The taxonomy a change names, after the editor's rights are checked. */
async function editedTaxonomy(request: Request, segment?: string): Promise<Taxonomy> {
  await taxonomyEditor(request);
  return requireShownTaxonomy(idFromSegment(segment));
}

/** The item a change names, in the taxonomy it names, after the editor's rights are checked. */
async function editedItem(
  request: Request,
  fieldSegment?: string,
  itemSegment?: string,
): Promise<TaxonomyItem> {
  const taxonomy = await editedTaxonomy(request, fieldSegment);
  return requireShownItem(taxonomy.field, idFromSegment(itemSegment), true);
}

async function jsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request);
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new Problem("invalid", "The request body must be a JSON object.");
  return body as Record<string, unknown>;
}

/**
 * A change's refusal as the API words it: the model keys its messages (decision 104); the error
 * body reads the message in English, and the problems it lists (an import's lines, a body's
 * issues) are read in English here, as programs have always read them.
 */
async function inEnglish<T>(change: Promise<T>): Promise<T> {
  try {
    return await change;
  } catch (error) {
    if (!isProblem(error) || !error.details.messages) throw error;
    throw new Problem(error.kind, error.message, {
      ...error.details,
      messages: error.details.messages.map((m) => importProblemText(m, englishOf)),
    });
  }
}

const created = (location: string) =>
  new Response(null, { status: 201, headers: { Location: location, ...NO_STORE } });
const noContent = () => new Response(null, { status: 204, headers: NO_STORE });

/* ---------- the list of taxonomies ---------- */

export async function taxonomyListAnswer(request: Request): Promise<Response> {
  await taxonomyReader(request);
  const type = chooseType(request, [TAXONOMY_TYPES.list]);
  if (!type) return notAcceptable(request);
  const page = pageOf(request) ?? 0;
  const all = await listTaxonomies();
  const data = all
    .slice(page * TAXONOMY_PAGE_SIZE, (page + 1) * TAXONOMY_PAGE_SIZE)
    .map(taxonomyInfoView);
  const paging = pagingView(LINKS.apiTaxonomies, page, all.length, TAXONOMY_PAGE_SIZE);
  return apiJson({ data, paging }, type);
}

const taxonomyCreateBody = z.object({
  field: z.union(
    [
      z.number().int(),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ],
    {
      message: "Name the metadata field by its numeric id (field).",
    },
  ),
});

export async function createTaxonomyAnswer(request: Request): Promise<Response> {
  await taxonomyEditor(request);
  const body = await jsonObject(request);
  const field = taxonomyCreateBody.safeParse(body);
  if (!field.success) throw new Problem("invalid", field.error.issues[0]!.message);
  const taxonomy = await inEnglish(
    createTaxonomy(field.data.field, body as { pluralName: string }),
  );
  return created(taxonomyHref(taxonomy.field));
}

/* ---------- one taxonomy ---------- */

async function itemList(
  request: Request,
  base: string,
  fieldId: number,
  parentId: number | null,
  canEdit: boolean,
): Promise<TaxonomyItemListView> {
  const page = pageOf(request) ?? 0;
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  const options = { canEdit, offset: page * TAXONOMY_PAGE_SIZE, limit: TAXONOMY_PAGE_SIZE };
  const found =
    q && parentId === null
      ? await searchTaxonomyItems(fieldId, q, options)
      : await taxonomyItems(fieldId, parentId, options);
  const query = q && parentId === null ? new URLSearchParams({ q }).toString() : "";
  return {
    data: found.items.map(itemInfoView),
    paging: pagingView(base, page, found.total, TAXONOMY_PAGE_SIZE, query),
  };
}

export async function taxonomyAnswer(request: Request, segment?: string): Promise<Response> {
  const { canEdit } = await taxonomyReader(request);
  const taxonomy = await requireShownTaxonomy(idFromSegment(segment));
  const url = new URL(request.url);
  // A search is an item list; a page (;p=) is any of the three, its items that page.
  const listOnly = url.searchParams.has("q");
  const type = chooseType(
    request,
    listOnly
      ? [TAXONOMY_TYPES.itemList]
      : [TAXONOMY_TYPES.taxonomy, TAXONOMY_TYPES.taxonomyInfo, TAXONOMY_TYPES.itemList],
  );
  if (!type) return notAcceptable(request);
  const base = taxonomyHref(taxonomy.field);
  if (type === TAXONOMY_TYPES.taxonomyInfo) return apiJson(taxonomyInfoView(taxonomy), type);
  const items = await itemList(request, base, taxonomy.field, null, canEdit);
  if (listOnly || type === TAXONOMY_TYPES.itemList) return apiJson(items, type);
  return apiJson({ ...taxonomyInfoView(taxonomy), items }, type);
}

export async function updateTaxonomyAnswer(request: Request, segment?: string) {
  const taxonomy = await editedTaxonomy(request, segment);
  await inEnglish(
    updateTaxonomy(taxonomy.field, (await jsonObject(request)) as { pluralName: string }),
  );
  return noContent();
}

export async function deleteTaxonomyAnswer(request: Request, segment?: string) {
  const taxonomy = await editedTaxonomy(request, segment);
  await deleteTaxonomy(taxonomy.field);
  return noContent();
}

export async function createItemAnswer(
  request: Request,
  fieldSegment?: string,
  parentSegment?: string,
) {
  const taxonomy = await editedTaxonomy(request, fieldSegment);
  const parent =
    parentSegment === undefined
      ? null
      : await requireShownItem(taxonomy.field, idFromSegment(parentSegment), true);
  const item = await inEnglish(
    createItem(taxonomy.field, parent?.id ?? null, (await jsonObject(request)) as { name: string }),
  );
  return created(taxonomyItemHref(item.field, item.id));
}

/* ---------- one item ---------- */

export async function itemAnswer(request: Request, fieldSegment?: string, itemSegment?: string) {
  const { canEdit } = await taxonomyReader(request);
  const taxonomy = await requireShownTaxonomy(idFromSegment(fieldSegment));
  const item = await requireShownItem(taxonomy.field, idFromSegment(itemSegment), canEdit);
  // A page (;p=) is any of the three, as the reference lists them; its children that page.
  const type = chooseType(request, [
    TAXONOMY_TYPES.item,
    TAXONOMY_TYPES.itemInfo,
    TAXONOMY_TYPES.itemList,
  ]);
  if (!type) return notAcceptable(request);
  if (type === TAXONOMY_TYPES.itemInfo) return apiJson(itemInfoView(item), type);
  const base = `${taxonomyItemHref(item.field, item.id)}/`;
  const children = await itemList(request, base, item.field, item.id, canEdit);
  if (type === TAXONOMY_TYPES.itemList) return apiJson(children, type);
  return apiJson(await itemView(item, children), type);
}

async function itemView(item: TaxonomyItem, children?: TaxonomyItemListView) {
  const ancestors = (await itemAncestors(item)).map((a) => ({
    name: a.name,
    href: taxonomyItemHref(a.field, a.id),
  }));
  return { ...itemInfoView(item), ...(children ? { children } : {}), ancestors };
}

export async function updateItemAnswer(
  request: Request,
  fieldSegment?: string,
  itemSegment?: string,
) {
  const item = await editedItem(request, fieldSegment, itemSegment);
  await inEnglish(updateItem(item.field, item.id, await jsonObject(request)));
  return noContent();
}

export async function deleteItemAnswer(
  request: Request,
  fieldSegment?: string,
  itemSegment?: string,
) {
  const item = await editedItem(request, fieldSegment, itemSegment);
  await deleteItem(item.field, item.id);
  return noContent();
}

/**
 * Where a move names its target: an item href (or id) of the same taxonomy, the taxonomy's own
 * href or null for the root. Anything of another taxonomy is not found.
 */
export function targetOf(fieldId: number, value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value) || value <= 0)
      throw new Problem("not-found", TAXONOMY_ITEM_NOT_FOUND);
    return value;
  }
  if (typeof value !== "string") throw new Problem("invalid", "Name the item by its href.");
  const path = value.replace(/^https?:\/\/[^/]+/i, "");
  if (path === taxonomyHref(fieldId) || path === taxonomyHref(fieldId).slice(0, -1)) return null;
  const match = /^\/fotoweb\/api\/taxonomies\/(\d+)\/(\d+)\/?$/.exec(path) ?? /^(\d+)$/.exec(path);
  const id = match ? idFromSegment(match[2] ?? match[1]) : null;
  if (!match || id === null || (match[2] !== undefined && Number(match[1]) !== fieldId))
    throw new Problem("not-found", TAXONOMY_ITEM_NOT_FOUND);
  return id;
}

/** PATCH {parent, before?} (or POST with X-HTTP-Method-Override: MOVE): decision 059's move. */
export async function moveItemAnswer(
  request: Request,
  fieldSegment?: string,
  itemSegment?: string,
) {
  const item = await editedItem(request, fieldSegment, itemSegment);
  const body = await jsonObject(request);
  if (!("parent" in body))
    throw new Problem("invalid", "Say where the item goes: parent (an item href, or null).");
  await moveItem(item.field, item.id, targetOf(item.field, body.parent), {
    before: targetOf(item.field, body.before),
  });
  return noContent();
}

/* ---------- an archive's taxonomies, and ids resolved ---------- */

/** The fields whose taxonomies an archive offers: its SearchTreeFields, else its view's fields. */
async function archiveFields(archive: Awaited<ReturnType<typeof requireArchive>>) {
  const tree = archive.config.NavigationPaneControl.SearchTreeFields;
  if (tree.length > 0) return tree;
  const view = await viewForArchive(archive);
  return [
    ...Object.values(view.BuiltinFields).map((f) => f.Field),
    ...view.DetailRegions.flatMap((r) => r.Fields.map((f) => f.Field)),
  ];
}

export async function archiveTaxonomiesAnswer(request: Request, segment?: string) {
  const { viewer, canEdit } = await taxonomyReader(request);
  const archive = await requireArchive(viewer, idFromSegment(segment), "View");
  const fields = [...new Set(await archiveFields(archive))];
  const out = [];
  for (const field of fields) {
    const taxonomy = await findTaxonomy(field);
    if (!taxonomy) continue;
    const roots = await taxonomyItems(field, null, { canEdit });
    out.push({
      ...taxonomyInfoView(taxonomy),
      items: {
        data: roots.items.map(itemInfoView),
        paging: pagingView(taxonomyHref(field), 0, roots.total, TAXONOMY_PAGE_SIZE),
      },
    });
  }
  return apiJson(out, "application/json");
}

export async function taxonomyInfoAnswer(request: Request) {
  const { canEdit } = await taxonomyReader(request);
  const body = await readJsonBody(request);
  if (!Array.isArray(body)) throw new Problem("invalid", "Send a JSON array of item ids.");
  if (body.length > MAX_INFO_IDS)
    throw new Problem("too-large", `Ask for at most ${MAX_INFO_IDS} items at a time.`);
  const ids = body.flatMap((value) => {
    const id = idFromSegment(typeof value === "number" ? String(value) : String(value ?? ""));
    return id === null ? [] : [id];
  });
  const items = (await resolveTaxonomyItems([...new Set(ids)])).filter((i) =>
    taxonomyItemShown(i, canEdit),
  );
  return apiJson(await Promise.all(items.map((i) => itemView(i))), "application/json", {
    headers: NO_STORE,
  });
}

/* ---------- import and export (decision 059's CSV) ---------- */

export async function exportAnswer(request: Request, segment?: string) {
  const taxonomy = await editedTaxonomy(request, segment);
  const csv = await exportTaxonomyCsv(taxonomy.field);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="taxonomy-${taxonomy.field}.csv"`,
      ...NO_STORE,
    },
  });
}

/** POST text/csv: the whole file imported, or a 400 listing every problem by line. */
export async function importAnswer(request: Request, segment?: string) {
  const taxonomy = await editedTaxonomy(request, segment);
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "text/csv" && type !== "text/plain")
    return apiError(request, 415, "Send the file as text/csv.");
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_IMPORT_BYTES)
    throw new Problem("too-large", `An import file holds at most ${MAX_IMPORT_BYTES / 1024} KB.`);
  const result = await inEnglish(importTaxonomyCsv(taxonomy.field, await request.text()));
  return apiJson(result, "application/json", { headers: NO_STORE });
}
