/*
 * The one list of document types and the one list of colour spaces (issue 13). Ingest stores these
 * values (assets.doc_type, assets.color_space), the search language reads its words into them
 * (dt:, cs:; README "Searching"), and the advanced search offers a choice of them. No server
 * imports: the browser's form uses the same lists.
 */

/** Document types, as media type detection stores them and dt: names them. */
export const DOCUMENT_TYPES = [
  "image",
  "movie",
  "audio",
  "graphic",
  "document",
  "generic",
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Further words dt: accepts for a document type. */
export const DOCUMENT_TYPE_SYNONYMS: Readonly<Record<string, DocumentType>> = {
  photo: "image",
  video: "movie",
};

/** How the advanced search names each document type. */
export const DOCUMENT_TYPE_LABELS: Readonly<Record<DocumentType, string>> = {
  image: "Image",
  movie: "Video",
  audio: "Audio",
  graphic: "Graphic",
  document: "Document",
  generic: "Other",
};

/**
 * Colour spaces as ingest stores them (from the embedded profile, the EXIF colour space or the
 * image's interpretation); "b-w" is every greyscale image.
 */
export const COLOR_SPACES = ["srgb", "adobergb", "prophoto", "p3", "cmyk", "b-w", "lab"] as const;
export type ColorSpace = (typeof COLOR_SPACES)[number];

const RGB = ["srgb", "adobergb", "prophoto", "p3"] as const satisfies readonly ColorSpace[];
const GRAYSCALE = ["b-w"] as const satisfies readonly ColorSpace[];

/**
 * Every word cs: accepts (lower case) and the stored colour spaces it finds: a family (rgb, the
 * greyscale spellings) or one space by its stored name.
 */
export const COLOR_SPACE_WORDS = {
  rgb: RGB,
  srgb: ["srgb"],
  adobergb: ["adobergb"],
  prophoto: ["prophoto"],
  p3: ["p3"],
  cmyk: ["cmyk"],
  lab: ["lab"],
  gray: GRAYSCALE,
  grey: GRAYSCALE,
  grayscale: GRAYSCALE,
  greyscale: GRAYSCALE,
  bw: GRAYSCALE,
  "b-w": GRAYSCALE,
} as const satisfies Record<string, readonly ColorSpace[]>;
export type ColorSpaceWord = keyof typeof COLOR_SPACE_WORDS;

/** The words an unknown colour space's error lists: each family once, then the stored name. */
export const LISTED_COLOR_SPACE_WORDS = [
  "rgb",
  "srgb",
  "adobergb",
  "prophoto",
  "p3",
  "cmyk",
  "lab",
  "gray",
  "b-w",
] as const satisfies readonly ColorSpaceWord[];

/** The advanced search's colour-space choices (spec 002), each a cs: word, with its label. */
export const COLOR_SPACE_CHOICES = [
  "rgb",
  "cmyk",
  "grayscale",
] as const satisfies readonly ColorSpaceWord[];
export type ColorSpaceChoice = (typeof COLOR_SPACE_CHOICES)[number];
export const COLOR_SPACE_CHOICE_LABELS: Readonly<Record<ColorSpaceChoice, string>> = {
  rgb: "RGB",
  cmyk: "CMYK",
  grayscale: "Grayscale",
};

/**
 * A stored colour space as the API names it (imageattributes.colorspace): its family, rgb, cmyk
 * or grayscale, as the real product answers (spec 002; clients such as pyfwapi accept only
 * those and unknown); lab as lab; a rarer interpretation sharp reported stays
 * as stored. The stored name (adobergb, ...) remains what cs: searches.
 */
export function apiColorSpace(stored: string): string {
  if ((RGB as readonly string[]).includes(stored)) return "rgb";
  if ((GRAYSCALE as readonly string[]).includes(stored)) return "grayscale";
  return stored;
}
