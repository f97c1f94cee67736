import { taxonomyAdminDecision } from "~/models/access/organize-access.server";
import { keyed } from "~/models/locale/keyed";
import { listFields } from "~/models/metadata/metadata.server";
import { isProblem, Problem } from "~/models/problem/problem";
import {
  createItem,
  createTaxonomy,
  deleteItem,
  deleteTaxonomy,
  fieldsOpenToTaxonomy,
  moveItem,
  updateItem,
} from "~/models/taxonomy/taxonomy-write.server";
import { importProblemText, importTaxonomyCsv } from "~/models/taxonomy/taxonomy-exchange.server";
import {
  findTaxonomy,
  findTaxonomyItem,
  idFromSegment,
  itemAncestors,
  listTaxonomies,
  searchTaxonomyItems,
  TAXONOMY_PAGE_SIZE,
  taxonomyItemPaths,
  taxonomyItems,
  type TaxonomyItem,
} from "~/models/taxonomy/taxonomy.server";
import {
  MAX_IMPORT_BYTES,
  TAXONOMY_ITEM_NOT_FOUND,
  TAXONOMY_NOT_FOUND,
  taxonomyCreateSchema,
  taxonomyItemFormSchema,
} from "~/models/taxonomy/taxonomy.schema";
import {
  itemInfoView,
  taxonomyInfoView,
  type TaxonomyItemInfoView,
} from "~/models/taxonomy/taxonomy.view";
import type { Viewer } from "~/models/user/user.schema";
import { LINKS } from "~/utils/links";
import {
  checkSubmission,
  formReply,
  formValues,
  readForm,
  type SubmittedValues,
} from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { requireAllowed } from "~/http/session.server";
import { keyedResolverFor } from "../locale/locale.server";

/*
 * The taxonomy administration pages (decision 059): server-rendered, every change a plain form
 * post (intent=…) answered by a redirect with a toast, or the form again with its errors. The tree
 * opens by ?open=ids (links without JavaScript; the page's script fetches children instead).
 */

export const requireTaxonomyAdminPage = (request: Request): Promise<Viewer> =>
  requireAllowed(request, taxonomyAdminDecision);

export const taxonomyPagePath = (fieldId: number) => `${LINKS.adminTaxonomies}/${fieldId}`;

/* ---------- the list ---------- */

export async function taxonomyListPageData(request: Request) {
  await requireTaxonomyAdminPage(request);
  const taxonomies = await listTaxonomies();
  const taken = new Set(taxonomies.map((t) => t.field));
  const fields = (await fieldsOpenToTaxonomy()).map((f) => ({ id: f.Id, label: f.GuiLabel }));
  const fieldLabels = new Map((await listFields()).map((f) => [f.Id, f.GuiLabel]));
  const confirm = idFromSegment(new URL(request.url).searchParams.get("delete") ?? "");
  return {
    taxonomies: taxonomies.map((t) => ({
      ...taxonomyInfoView(t),
      fieldLabel: fieldLabels.get(t.field) ?? String(t.field),
      page: taxonomyPagePath(t.field),
    })),
    fields,
    confirmDelete: confirm !== null && taken.has(confirm) ? confirm : null,
  };
}

export async function taxonomyListPageAction(request: Request) {
  await requireTaxonomyAdminPage(request);
  const values = formValues(await readForm(request));
  const field = idFromSegment(String(values.field ?? ""));
  try {
    if (values.intent === "delete") {
      if (field === null) throw new Problem("not-found", TAXONOMY_NOT_FOUND);
      await deleteTaxonomy(field);
      return redirectWithToast(request, LINKS.adminTaxonomies, {
        message: keyed("taxonomy.toast.deleted"),
      });
    }
    const checked = await checkSubmission(values, taxonomyCreateSchema);
    const fieldErrors = checked.ok ? {} : { ...checked.fieldErrors };
    if (field === null) fieldErrors.field = keyed("taxonomy.validation.chooseField");
    if (!checked.ok || field === null) return formReply(request, { fieldErrors, values });
    await createTaxonomy(field, checked.data);
    return redirectWithToast(request, taxonomyPagePath(field), {
      message: keyed("taxonomy.toast.created"),
    });
  } catch (error) {
    if (!isProblem(error)) throw error;
    return formReply(request, {
      status: statusOf(error),
      formError: error.message,
      values,
    });
  }
}

const statusOf = (problem: Problem) =>
  ({ "not-found": 404, conflict: 409, "too-large": 413, "too-many": 429 })[
    problem.kind as string
  ] ?? 400;

/* ---------- one taxonomy's tree ---------- */

export interface TreeNode extends TaxonomyItemInfoView {
  children: TreeNode[] | null;
  /** Children beyond the first page (shown as a count). */
  moreChildren: number;
}

const idList = (text: string | null) =>
  (text ?? "")
    .split(",")
    .map((s) => idFromSegment(s.trim()))
    .filter((id): id is number => id !== null)
    .slice(0, 200);

/** The tree's state in the address: the open items, and those showing more than a page. */
interface TreeState {
  open: Set<number>;
  /** Items whose children show up to TREE_LEVEL_LIMIT instead of the first page (?all=ids). */
  all: Set<number>;
}

/** A level opened in full still stops here; a longer one says how many more there are. */
export const TREE_LEVEL_LIMIT = 1000;

async function branch(fieldId: number, parent: number, state: TreeState, depth: number) {
  const page = await taxonomyItems(fieldId, parent, {
    canEdit: true,
    limit: state.all.has(parent) ? TREE_LEVEL_LIMIT : TAXONOMY_PAGE_SIZE,
  });
  const nodes: TreeNode[] = [];
  for (const item of page.items) nodes.push(await node(fieldId, item, state, depth));
  return { nodes, more: page.total - page.items.length };
}

async function node(
  fieldId: number,
  item: TaxonomyItem,
  state: TreeState,
  depth: number,
): Promise<TreeNode> {
  if (!item.hasChildren || !state.open.has(item.id) || depth > 12)
    return { ...itemInfoView(item), children: null, moreChildren: 0 };
  const { nodes, more } = await branch(fieldId, item.id, state, depth + 1);
  return { ...itemInfoView(item), children: nodes, moreChildren: more };
}

export async function taxonomyTreePageData(request: Request, segment?: string) {
  await requireTaxonomyAdminPage(request);
  const fieldId = idFromSegment(segment);
  const taxonomy = fieldId === null ? null : await findTaxonomy(fieldId);
  if (!taxonomy) throw new Problem("not-found", TAXONOMY_NOT_FOUND);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const open = new Set(idList(url.searchParams.get("open")));
  const state: TreeState = { open, all: new Set(idList(url.searchParams.get("all"))) };
  const page = Math.min(Number(/^\d{1,5}$/.exec(url.searchParams.get("p") ?? "")?.[0] ?? 0), 99999);
  const field = taxonomy.field;
  const pick = async (name: string) => {
    const id = idFromSegment(url.searchParams.get(name) ?? "");
    return id === null ? null : await findTaxonomyItem(field, id);
  };
  const [edit, addUnder, move, remove] = await Promise.all(
    ["edit", "add", "move", "delete"].map(pick),
  );
  let search: { items: (TaxonomyItemInfoView & { path: string })[]; total: number } | null = null;
  const roots: TreeNode[] = [];
  let total = 0;
  if (q) {
    const found = await searchTaxonomyItems(field, q, { canEdit: true, limit: TAXONOMY_PAGE_SIZE });
    search = {
      total: found.total,
      items: await Promise.all(
        found.items.map(async (i) => ({
          ...itemInfoView(i),
          path: (await itemAncestors(i)).map((a) => a.name).join(" > "),
        })),
      ),
    };
  } else {
    const level = await taxonomyItems(field, null, {
      canEdit: true,
      offset: page * TAXONOMY_PAGE_SIZE,
      limit: TAXONOMY_PAGE_SIZE,
    });
    total = level.total;
    for (const item of level.items) roots.push(await node(field, item, state, 1));
  }
  return {
    taxonomy: taxonomyInfoView(taxonomy),
    exportHref: `${taxonomyHrefOf(field)}export.csv`,
    q,
    open: [...open],
    all: [...state.all],
    page,
    pages: Math.max(1, Math.ceil(total / TAXONOMY_PAGE_SIZE)),
    roots,
    search,
    edit: edit ? itemInfoView(edit) : null,
    addUnder: addUnder ? itemInfoView(addUnder) : null,
    addRoot: url.searchParams.get("add") === "root",
    move: move ? itemInfoView(move) : null,
    remove: remove ? itemInfoView(remove) : null,
    parents: move ? (await taxonomyItemPaths(field)).filter((p) => p.id !== move.id) : [],
    maxImportKb: MAX_IMPORT_BYTES / 1024,
  };
}

const taxonomyHrefOf = (field: number) => `/fotoweb/api/taxonomies/${field}/`;

/** Where to go back to: the same tree state the form was posted from. */
function backTo(fieldId: number, values: SubmittedValues, extraOpen?: number | null) {
  const params = new URLSearchParams();
  const open = idList(String(values.open ?? ""));
  if (extraOpen) open.push(extraOpen);
  if (open.length > 0) params.set("open", [...new Set(open)].join(","));
  if (values.q) params.set("q", String(values.q));
  const query = params.toString();
  return `${taxonomyPagePath(fieldId)}${query ? `?${query}` : ""}`;
}

export async function taxonomyTreePageAction(request: Request, segment?: string) {
  await requireTaxonomyAdminPage(request);
  const fieldId = idFromSegment(segment);
  const taxonomy = fieldId === null ? null : await findTaxonomy(fieldId);
  if (!taxonomy) throw new Problem("not-found", TAXONOMY_NOT_FOUND);
  const field = taxonomy.field;
  const form = await readForm(request);
  const values = formValues(form);
  const item = idFromSegment(String(values.item ?? ""));
  try {
    switch (values.intent) {
      case "add": {
        const parent = idFromSegment(String(values.parent ?? ""));
        const checked = await checkSubmission(values, taxonomyItemFormSchema);
        if (!checked.ok) return formReply(request, { fieldErrors: checked.fieldErrors, values });
        await createItem(field, parent, checked.data);
        return redirectWithToast(request, backTo(field, values, parent), {
          message: keyed("taxonomy.toast.added", { name: checked.data.name }),
        });
      }
      case "edit": {
        const checked = await checkSubmission(values, taxonomyItemFormSchema);
        if (!checked.ok) return formReply(request, { fieldErrors: checked.fieldErrors, values });
        if (item === null) throw new Problem("not-found", TAXONOMY_ITEM_NOT_FOUND);
        await updateItem(field, item, checked.data);
        return redirectWithToast(request, backTo(field, values), {
          message: keyed("taxonomy.toast.itemSaved"),
        });
      }
      case "delete": {
        if (item === null) throw new Problem("not-found", TAXONOMY_ITEM_NOT_FOUND);
        const removed = await deleteItem(field, item);
        return redirectWithToast(request, backTo(field, values), {
          message: keyed("taxonomy.toast.itemsDeleted", { count: removed }),
        });
      }
      case "move": {
        if (item === null) throw new Problem("not-found", TAXONOMY_ITEM_NOT_FOUND);
        const parent = idFromSegment(String(values.parent ?? ""));
        await moveItem(field, item, parent);
        return redirectWithToast(request, backTo(field, values, parent), {
          message: keyed("taxonomy.toast.itemMoved"),
        });
      }
      case "import": {
        const file = form.get("file");
        if (!(file instanceof File) || file.size === 0)
          return formReply(request, {
            fieldErrors: { file: keyed("taxonomy.import.chooseFile") },
          });
        if (file.size > MAX_IMPORT_BYTES)
          return formReply(request, {
            status: 413,
            fieldErrors: {
              file: keyed("taxonomy.import.tooLarge", { max: MAX_IMPORT_BYTES / 1024 }),
            },
          });
        const result = await importTaxonomyCsv(field, await file.text());
        return redirectWithToast(request, taxonomyPagePath(field), {
          message: keyed("taxonomy.toast.imported", {
            added: result.added,
            updated: result.updated,
          }),
        });
      }
      default:
        return formReply(request, { formError: keyed("taxonomy.error.unreadableForm") });
    }
  } catch (error) {
    if (!isProblem(error)) throw error;
    // The listed problems (an import's lines) are read here: the form reply reads its own.
    const resolve = await keyedResolverFor(request);
    const messages = error.details.messages?.map((m) => importProblemText(m, resolve));
    return formReply(request, {
      status: statusOf(error),
      formError: error.message,
      values,
      ...(error.details.heading ? { heading: error.details.heading } : {}),
      extra: messages ? { messages } : {},
    });
  }
}
