import type { AlbumEntry } from "./album-entry.server";

/*
 * An album as the reference's Collection (decision 051): what the album lists (CollectionList)
 * carry per album and what an album's own answer starts from. Pure.
 */

export const ALBUM_COLLECTION_TYPE = "album";

/** The collection an album is for the viewer the entry was made for. */
export function albumCollection(entry: AlbumEntry) {
  const owner = entry.role === "owner";
  const active = entry.status === "active";
  return {
    id: String(entry.id),
    href: entry.href,
    data: entry.href,
    matchingHref: entry.href,
    name: entry.name,
    description: entry.description,
    type: ALBUM_COLLECTION_TYPE,
    color: entry.color,
    iconCharacter: "",
    created: entry.created,
    modified: entry.modified,
    ...(entry.status === "archived" ? { archived: entry.modified } : {}),
    ...(entry.status === "deleted" ? { deleted: entry.modified } : {}),
    isLinkCollection: true,
    isSearchable: true,
    isSelectable: true,
    canSelect: true,
    canHaveChildren: false,
    hasChildren: false,
    canCopyTo: false,
    canMoveTo: false,
    canUploadTo: false,
    canCreateFolders: false,
    canCreateAlerts: false,
    canBeDeleted: owner,
    canBeArchived: owner && active,
    // Adding assets is what contributors may do: the reference's "edit" of a link collection.
    edit: active && (owner || entry.role === "contribute"),
    reorder: owner && active,
    permissions: ["View"],
    posterImages: entry.posterImages,
    ...(entry.posterAsset ? { posterAsset: entry.posterAsset } : {}),
    pin: entry.pin,
    showOnHomepage: entry.showOnHomepage,
    assetCount: entry.assetCount,
    searchURL: `${entry.href}{?q}`,
    originalURL: entry.href,
    clearSearch: { href: entry.href, data: entry.href },
    props: {
      shares: { enabled: owner },
      comments: { enabled: false },
      annotations: { enabled: false },
    },
    owner: entry.owner,
    role: entry.role,
    status: entry.status,
  };
}

export type AlbumCollection = ReturnType<typeof albumCollection>;
