import { resourceProps } from "~/models/archive/archive-effects";
import { createHash } from "node:crypto";
import { db } from "~/db/connection.server";
import type { AssetRow, RenditionRow } from "~/db/schema";
import { assetPermissions, holds, visibleArchives } from "~/models/access/access.server";
import {
  folderChains,
  folderCollection,
  type FolderRef,
} from "~/models/collection/folder-collections.server";
import { listArchives, type Archive } from "~/models/archive/archive.server";
import type { ArchivePermission } from "~/models/archive/archive.schema";
import type { Viewer } from "~/models/user/user.schema";
import { assetHref } from "./asset.server";
import { metadataField } from "~/models/metadata/metadata-fields";
import { FIRST_CUSTOM_FIELD_ID } from "~/models/metadata/metadata.schema";
import { metadataEditors } from "~/models/metadata/metadata.server";
import type { MetadataEditorLink } from "~/models/metadata/metadata.view";
import {
  fileUrl,
  hasLargePreview,
  largePreviewHash,
  largePreviewSize,
  PREVIEW_TOKEN_PARAMETER,
} from "~/models/rendition/rendition.server";
import {
  archiveDelivery,
  isProcessableMime,
  recipeKey,
  type ArchiveDelivery,
} from "~/models/processing/delivery.server";
import { orientationAttributes, pickPreview } from "./asset.view";
import { apiColorSpace } from "./asset-kinds";
import {
  previewTokenSigner,
  type PreviewTokenSigner,
} from "~/models/rendition/preview-token.server";
import { readJson, readObject } from "~/db/json-column";

/*
 * An asset as pages and the API show it (reference "Asset"): the same object is the asset+json
 * representation and the data of a grid tile or the details page. What it holds depends on the
 * viewer's permissions in the asset's archive: previews need Preview, renditions of the original
 * need Download. Callers pass only assets visibleTo() returned.
 */

export interface AssetPreview {
  size: number;
  width: number;
  height: number;
  href: string;
  square: boolean;
}

/**
 * A quick rendition (reference QuickRenditions): a preview by its configured name. Clients read
 * quick renditions with the same model as renditions (pyfwapi), so each also carries the
 * rendition keys: never the untouched original, no processing profile.
 */
export interface QuickRendition extends AssetPreview {
  name: string;
  display_name: string;
  description: string;
  original: false;
  default: false;
  profile: string;
}

export interface AssetRendition {
  href: string;
  display_name: string;
  description: string;
  width: number;
  height: number;
  default: boolean;
  original: boolean;
  sizeFixed: boolean;
  profile: string;
}

/** An entry of the reference's Asset.ancestors: the archive, then each folder down to the asset's. */
export interface AssetAncestor {
  name: string;
  href: string;
  data: string;
}

export interface AssetView {
  id: number;
  href: string;
  /** The collections the asset belongs to, outermost (its archive) first. */
  ancestors: AssetAncestor[];
  /** The asset's revision list (decision 049), where the viewer may read it (HistoryView). */
  revisions?: string;
  linkstance: string;
  archiveHREF: string;
  archiveName: string;
  archiveId: number;
  uniqueid: string;
  /** The reference's on-premises form: a hash-based pseudo id of the asset's file. */
  physicalFileId: string;
  filename: string;
  filesize: number;
  doctype: string;
  mime: string;
  created: string;
  modified: string;
  permissions: ArchivePermission[];
  /** The archive's metadata view, where a client learns what it may edit (decision 032). */
  metadataEditor: MetadataEditorLink;
  metadata: Record<string, { value: string | string[] }>;
  builtinFields: { field: string; value: string | string[]; required: boolean }[];
  attributes: {
    imageattributes?: {
      pixelwidth: number;
      pixelheight: number;
      colorspace?: string;
      /** Pixels per inch, when the file states it. */
      resolution?: number;
      rotation: number;
      flipmirror: number;
    };
  };
  dates: {
    modified: string | null;
    iptc: string | null;
    release: string | null;
    camera: string | null;
  };
  previews: AssetPreview[];
  quickRenditions: QuickRendition[];
  /**
   * A token that opens this revision's previews and nothing else, sent as a bearer by programs
   * (decision 110): present with Preview.
   */
  previewToken?: string;
  /** The reference's props: the features (comments, annotations) on in the asset's archive. */
  props: ReturnType<typeof resourceProps>;
  renditions: AssetRendition[];
  revisioncount: number;
  pincount: number;
  thumbnailFields: {
    label: { value: string };
    firstLine: { value: string };
    secondLine: { value: string };
  };
  /** thumbhash, base64: painted blurred before the thumbnail arrives. */
  placeholder: string | null;
  title: string;
  description: string;
  tags: string[];
  rating: number;
  status: string;
  notes: string;
}

/*
 * The names programs read (stable English, as the real product's API answers them); pages show
 * their own localized labels by kind, never these.
 */
const RENDITION_LABELS = {
  thumbnail: { name: "THUMBNAIL", label: "Thumbnail", size: 200 },
  thumbnailRetina: { name: "THUMBNAIL_RETINA", label: "Thumbnail (retina)", size: 400 },
  preview: { name: "PREVIEW", label: "Preview", size: 1600 },
} as const;

/** The original's rendition name, as the real product names it (clients look it up by name). */
export const ORIGINAL_RENDITION_NAME = "Original File";

/** A rendition's URL hash: the blob's, or the watermarked preview's key (decision 040). */
function fileHash(rendition: RenditionRow, delivery: ArchiveDelivery | undefined): string {
  const watermark = delivery?.previewWatermark;
  if (rendition.kind !== "preview" || !watermark) return rendition.blob_hash;
  return recipeKey({ kind: "previewWatermark", source: rendition.blob_hash, watermark });
}

/** The current revision's renditions of each asset, in one query. */
export async function currentRenditions(
  assets: Pick<AssetRow, "id" | "current_revision">[],
): Promise<Map<number, RenditionRow[]>> {
  const result = new Map<number, RenditionRow[]>();
  if (assets.length === 0) return result;
  // By (asset, revision number) pairs: the revisions' unique index answers them directly.
  const rows = await db()
    .selectFrom("renditions")
    .innerJoin("revisions", "revisions.id", "renditions.revision_id")
    .selectAll("renditions")
    .select("revisions.asset_id")
    .where((eb) =>
      eb(
        eb.refTuple("revisions.asset_id", "revisions.number"),
        "in",
        assets.map((a) => eb.tuple(a.id, a.current_revision)),
      ),
    )
    .execute();
  for (const row of rows) {
    const list = result.get(row.asset_id) ?? [];
    list.push(row);
    result.set(row.asset_id, list);
  }
  return result;
}

/** How many revisions and pins an asset has. */
export interface AssetCounts {
  revisions: number;
  pins: number;
}

export function toAssetView(
  row: Omit<AssetRow, "search_doc">,
  archive: Pick<Archive, "id" | "name" | "href" | "config">,
  permissions: Set<ArchivePermission>,
  renditions: RenditionRow[],
  counts: AssetCounts,
  metadataEditor: MetadataEditorLink,
  delivery: ArchiveDelivery | undefined,
  signPreview: PreviewTokenSigner,
  place: { folders: FolderRef[]; historyView: boolean } = { folders: [], historyView: false },
): AssetView {
  const href = assetHref(archive.id, archive.name, { id: row.id, fileName: row.file_name });
  const ancestors: AssetAncestor[] = [
    { name: archive.name, href: archive.href, data: archive.href },
    ...place.folders.map((f) => {
      const folder = folderCollection(archive.href, f);
      return { name: folder.name, href: folder.href, data: folder.data };
    }),
  ];
  const fields = readObject<Record<string, string | string[]>>(row.metadata);
  const tags = readJson(row.tags) ?? [];
  const metadata: AssetView["metadata"] = {};
  for (const [id, value] of Object.entries(fields)) {
    // The IPTC fields and the custom ones (an edit can set them, issue 17); the fixed status,
    // rating and notes are the builtinFields'.
    if (metadataField(Number(id)) || Number(id) >= FIRST_CUSTOM_FIELD_ID) metadata[id] = { value };
  }
  const canPreview = permissions.has("Preview");
  const quickRenditions: QuickRendition[] = canPreview
    ? renditions
        .map((r) => {
          const label = RENDITION_LABELS[r.kind as keyof typeof RENDITION_LABELS];
          return {
            size: Math.max(r.width, r.height),
            width: r.width,
            height: r.height,
            href: fileUrl(r.revision_id, r.kind, fileHash(r, delivery), row.file_name),
            square: false,
            name: label?.name ?? r.kind,
            display_name: label?.label ?? r.kind,
            description: `A JPEG of at most ${label?.size ?? Math.max(r.width, r.height)} pixels`,
            original: false as const,
            default: false as const,
            profile: "",
          };
        })
        .sort((a, b) => a.size - b.size)
    : [];
  const previews: AssetPreview[] = quickRenditions.map(({ size, width, height, href, square }) => ({
    size,
    width,
    height,
    href,
    square,
  }));
  const previewFile = canPreview ? renditions.find((r) => r.kind === "preview") : undefined;
  // The large preview (2400 px), made from the original when first asked for. Its href opens
  // with nothing else (decision 115): an image picker hands it to a CMS that fetches it bare.
  if (previewFile && hasLargePreview(row.mime, row.width, row.height)) {
    const size = largePreviewSize(row.width!, row.height!);
    const href = fileUrl(
      previewFile.revision_id,
      "previewLarge",
      largePreviewHash(previewFile.blob_hash, delivery?.previewWatermark ?? null),
      row.file_name,
    );
    const token = signPreview(previewFile.revision_id, previewFile.blob_hash);
    previews.push({
      size: Math.max(size.width, size.height),
      ...size,
      href: `${href}?${new URLSearchParams({ [PREVIEW_TOKEN_PARAMETER]: token })}`,
      square: false,
    });
  }
  const renditionList: AssetRendition[] = [];
  const processed =
    delivery && delivery.processingType !== 0 && isProcessableMime(row.mime)
      ? delivery.profiles
      : [];
  // Processing (decision 040): type 1 sends the original through its profile, type 2 offers
  // the set's profiles; each names its profile, and none is the untouched original.
  if (permissions.has("Download") && processed.length > 0) {
    const list = delivery!.processingType === 1 ? processed.slice(0, 1) : processed;
    list.forEach((profile, i) =>
      renditionList.push({
        href: `${href}/__renditions/${delivery!.processingType === 1 ? "ORIGINAL" : profile.id}`,
        display_name: profile.name,
        description: `The file processed with the profile ${profile.name}`,
        width: row.width ?? 0,
        height: row.height ?? 0,
        default: i === 0,
        original: false,
        sizeFixed: true,
        profile: profile.id,
      }),
    );
  } else if (permissions.has("Download")) {
    renditionList.push({
      href: `${href}/__renditions/ORIGINAL`,
      display_name: ORIGINAL_RENDITION_NAME,
      description: "The file as it was uploaded, without processing",
      width: row.width ?? 0,
      height: row.height ?? 0,
      default: true,
      original: true,
      sizeFixed: true,
      profile: "",
    });
  }
  if (canPreview && renditions.some((r) => r.kind === "preview")) {
    const preview = renditions.find((r) => r.kind === "preview")!;
    renditionList.push({
      href: `${href}/__renditions/${RENDITION_LABELS.preview.name}`,
      display_name: "Preview (JPEG)",
      description: "A JPEG preview for screens, with the archive's watermark",
      width: preview.width,
      height: preview.height,
      default: renditionList.length === 0,
      original: false,
      sizeFixed: true,
      profile: "",
    });
  }
  const title = row.title;
  return {
    id: row.id,
    href,
    ancestors,
    ...(place.historyView ? { revisions: `${href}/__revisions/` } : {}),
    linkstance: href,
    archiveHREF: archive.href,
    archiveName: archive.name,
    archiveId: archive.id,
    uniqueid: String(row.id),
    physicalFileId: createHash("sha256").update(`asset:${row.id}`).digest("hex"),
    filename: row.file_name,
    filesize: Number(row.file_size),
    doctype: row.doc_type,
    mime: row.mime,
    created: row.created_at,
    modified: row.updated_at,
    permissions: [...permissions],
    metadataEditor,
    metadata,
    builtinFields: [
      { field: "title", value: title, required: false },
      { field: "description", value: row.description, required: false },
      { field: "tags", value: Array.isArray(tags) ? (tags as string[]) : [], required: false },
      { field: "notes", value: row.notes, required: false },
      { field: "status", value: row.status, required: false },
      // The reference's builtin values are strings, the rating too.
      { field: "rating", value: String(row.rating), required: false },
    ],
    attributes:
      row.width !== null && row.height !== null
        ? {
            imageattributes: {
              pixelwidth: row.width,
              pixelheight: row.height,
              ...(row.color_space ? { colorspace: apiColorSpace(row.color_space) } : {}),
              ...(row.resolution ? { resolution: row.resolution } : {}),
              ...orientationAttributes(row.orientation),
            },
          }
        : {},
    dates: {
      modified: row.modified_date,
      iptc: row.iptc_date,
      release: row.release_date,
      camera: row.camera_date,
    },
    previews,
    quickRenditions,
    ...(previewFile
      ? { previewToken: signPreview(previewFile.revision_id, previewFile.blob_hash) }
      : {}),
    props: resourceProps(archive.config),
    renditions: renditionList,
    revisioncount: counts.revisions,
    pincount: counts.pins,
    thumbnailFields: {
      label: { value: title || row.file_name },
      firstLine: { value: title ? row.file_name : "" },
      secondLine: { value: row.description.slice(0, 200) },
    },
    placeholder: canPreview ? row.placeholder : null,
    title,
    description: row.description,
    tags: Array.isArray(tags) ? (tags as string[]) : [],
    rating: row.rating,
    status: row.status,
    notes: row.notes,
  };
}

/** Each asset's revisions (up to its current one) and pins, two grouped queries for the lot. */
export async function assetCounts(ids: number[]): Promise<Map<number, AssetCounts>> {
  const result = new Map<number, AssetCounts>();
  if (ids.length === 0) return result;
  const [revisions, pins] = await Promise.all([
    db()
      .selectFrom("revisions")
      .innerJoin("assets", "assets.id", "revisions.asset_id")
      .select((eb) => ["revisions.asset_id", eb.fn.countAll<number | string>().as("n")])
      .where("revisions.asset_id", "in", ids)
      // A revision still being ingested is not one yet.
      .whereRef("revisions.number", "<=", "assets.current_revision")
      .groupBy("revisions.asset_id")
      .execute(),
    db()
      .selectFrom("asset_pins")
      .select((eb) => ["asset_id", eb.fn.countAll<number | string>().as("n")])
      .where("asset_id", "in", ids)
      .groupBy("asset_id")
      .execute(),
  ]);
  for (const id of ids) result.set(id, { revisions: 0, pins: 0 });
  for (const r of revisions) result.get(r.asset_id)!.revisions = Number(r.n);
  for (const p of pins) result.get(p.asset_id)!.pins = Number(p.n);
  return result;
}

/** The preview closest to a wanted size (thumbnails: 200, retina 400, details 1600). */
export function previewFor(view: AssetView, size: number): AssetPreview | null {
  return pickPreview(view.previews, size);
}

/** Views of rows a listing returned, with the viewer's permissions in each row's archive. */
export async function assetViews(
  viewer: Viewer | null,
  rows: Omit<AssetRow, "search_doc">[],
): Promise<AssetView[]> {
  const archiveIds = [...new Set(rows.map((r) => r.archive_id))];
  // The request's archive list (the listing's visibility check read it): no read per archive.
  const [access, renditions, archives, counts, chains, signPreview] = await Promise.all([
    visibleArchives(viewer, archiveIds),
    currentRenditions(rows),
    listArchives(),
    assetCounts(rows.map((r) => r.id)),
    folderChains(rows.flatMap((r) => (r.folder_id === null ? [] : [r.folder_id]))),
    previewTokenSigner(),
  ]);
  const byId = new Map(archives.map((a) => [a.id, a] as const));
  const shown = archives.filter((a) => archiveIds.includes(a.id));
  // Each asset's own: a permission from a filtered member entry covers what its filter matches.
  const [editors, held, deliveries] = await Promise.all([
    metadataEditors(shown),
    assetPermissions(access, rows),
    Promise.all(shown.map(async (a) => [a.id, await archiveDelivery(a.id, a.config)] as const)),
  ]);
  const deliveryOf = new Map(deliveries);
  return rows.flatMap((row) => {
    const archive = byId.get(row.archive_id);
    if (!archive) return [];
    const permissions = held.get(row.id) ?? new Set<ArchivePermission>();
    const count = counts.get(row.id) ?? { revisions: 0, pins: 0 };
    const editor = editors.get(row.archive_id)!;
    return [
      toAssetView(
        row,
        archive,
        permissions,
        renditions.get(row.id) ?? [],
        count,
        editor,
        deliveryOf.get(row.archive_id),
        signPreview,
        {
          folders: row.folder_id === null ? [] : (chains.get(row.folder_id) ?? []),
          historyView: holds(viewer, permissions, "HistoryView"),
        },
      ),
    ];
  });
}

export { RENDITION_LABELS };
