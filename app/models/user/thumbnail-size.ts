/** The grid's thumbnail sizes, a person's choice (decision 089); no validation library here. */
export const THUMBNAIL_SIZES = ["small", "medium", "large"] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];
