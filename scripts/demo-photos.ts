import { createHash } from "node:crypto";
import sharp, { type Exif, type Sharp } from "sharp";

/*
 * The demo archive's photographs, made by our own code so a fresh Arkiv shows real content.
 *
 * Each picture is a landscape drawn as SVG (sky gradient, sun or moon, clouds, layered ridges from
 * a seeded midpoint-displacement profile, water with a mirrored reflection, trees, towns, fields,
 * coasts, stars and aurora; light and haze by time of day, colours by season), rendered by librsvg
 * through sharp at a fraction of the final size, given luminance grain in JS and scaled up, which
 * softens edges and grain a little, as a lens and sensor would. The vignette lives in the SVG.
 * Grayscale photos are converted by libvips; CMYK ones through a lookup table made once from
 * libvips' built-in CMYK profile (its per-pixel lcms path is ten times slower).
 *
 * Metadata is written three ways so every reader finds it:
 * - EXIF through sharp's withExif (libvips/libexif): IFD0 (Make, Model, Artist, Copyright,
 *   ImageDescription = caption, DateTime), IFD2 = Exif IFD (DateTimeOriginal, OffsetTimeOriginal, exposure,
 *   aperture, ISO, focal length, lens) and IFD3 = GPS IFD (GPSLatitude/Longitude as degree,
 *   minute and hundredths-of-second rationals, refs, altitude, datum). exifr reads the GPS back as
 *   `latitude`/`longitude`. libexif stores EXIF ASCII fields as ASCII: libvips transliterates
 *   non-ASCII text there ("Øystein" → "OEystein", "©" → "(C)"); IPTC and XMP carry the UTF-8 text.
 * - XMP through sharp's withXmp: dc:title, dc:description, dc:subject, dc:creator, dc:rights,
 *   photoshop:Headline/City/State/Country/DateCreated/Credit/Source, Iptc4xmpCore:Location and
 *   CountryCode, exif:GPSLatitude/GPSLongitude (XMP GPSCoordinate form "62,28.500000N").
 * - IPTC IIM in an APP13 "Photoshop 3.0" segment we insert after the APPn segments sharp writes:
 *   8BIM resource 0x0404 (records 1:90 = UTF-8, 2:00, 2:05, 2:25…, 2:55, 2:60, 2:80, 2:90, 2:92,
 *   2:95, 2:100, 2:101, 2:105, 2:110, 2:115, 2:116, 2:120) and 0x0425 (MD5 digest of the IPTC
 *   block, as Photoshop writes). Values are cut to the IIM maxima in bytes on a UTF-8 boundary.
 *   Note: exifr 7 ignores 1:90 and decodes IPTC strings as Latin-1; re-decode them as UTF-8
 *   (with exifr's merged output, IPTC City/Country/Headline also overwrite the XMP photoshop:
 *   values of the same name; `mergeOutput: false` keeps them apart).
 *
 * Everything derives from a seeded PRNG: the same call gives byte-identical files every run (with
 * the same sharp/libvips build).
 */

export type DemoColorSpace = "srgb" | "b-w" | "cmyk";

export interface DemoPhoto {
  /** Safe ASCII, unique within one generation run: `[a-z0-9-]+\.jpg`. */
  fileName: string;
  /** A complete JPEG with embedded EXIF, IPTC and XMP. */
  data: Buffer;
  expected: {
    title: string;
    keywords: string[];
    byline: string;
    caption: string;
    copyright: string;
    city: string;
    country: string;
    /** Local camera time with the place's UTC offset, e.g. "2023-06-14T05:12:40+02:00". */
    cameraDate: string;
    gps: { latitude: number; longitude: number };
    width: number;
    height: number;
    colorSpace: DemoColorSpace;
  };
}

export const DEMO_PHOTO_COUNT = 48;

const DEFAULT_SEED = 0x41524b56; // "ARKV"
const DEFAULT_LARGE_EVERY = 8;

/* ------------------------------------------------------------------------------------------ */
/* Seeded randomness                                                                          */
/* ------------------------------------------------------------------------------------------ */

class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** mulberry32: uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return (items[items.length - 1] as readonly [T, number])[0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}

function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x01000193) >>> 0;
    h ^= h >>> 13;
    h = Math.imul(h, 0x5bd1e995) >>> 0;
    h ^= h >>> 15;
  }
  return h >>> 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Places, photographers and cameras                                                          */
/* ------------------------------------------------------------------------------------------ */

type SceneKind = "fjord" | "lake" | "mountains" | "forest" | "city" | "fields" | "coast" | "night";
type TimeOfDay =
  "dawn" | "morning" | "midday" | "afternoon" | "golden" | "dusk" | "blue" | "night" | "overcast";
type Season = "winter" | "spring" | "summer" | "autumn";
type Terrain = "alpine" | "fjord" | "rolling" | "volcanic";
type Feature =
  | "aurora"
  | "rorbu"
  | "gabled"
  | "harbor"
  | "modern"
  | "pagoda"
  | "bamboo"
  | "cherry"
  | "cypress"
  | "lavender"
  | "vineyard"
  | "lighthouse"
  | "stacks"
  | "blacksand"
  | "glacier"
  | "church";

interface Place {
  /** The subject used in titles: "Geirangerfjord", "Reine". */
  name: string;
  sublocation: string;
  city: string;
  region: string;
  country: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  /** Standard UTC offset in hours; `dst` adds an hour in the European summer. */
  utcOffset: number;
  dst: boolean;
  terrain: Terrain;
  scenes: readonly SceneKind[];
  features: readonly Feature[];
  keywords: readonly string[];
}

function place(p: Omit<Place, "features" | "keywords"> & Partial<Place>): Place {
  return { features: [], keywords: [], ...p };
}

/** Interleaved by region so consecutive photos travel. */
const PLACES: readonly Place[] = [
  place({
    name: "Ålesund",
    sublocation: "Brosundet",
    city: "Ålesund",
    region: "Møre og Romsdal",
    country: "Norway",
    countryCode: "NOR",
    latitude: 62.4723,
    longitude: 6.1549,
    utcOffset: 1,
    dst: true,
    terrain: "fjord",
    scenes: ["city", "coast", "fjord"],
    features: ["gabled", "harbor"],
    keywords: ["Art Nouveau", "harbour", "Sunnmøre"],
  }),
  place({
    name: "Glencoe",
    sublocation: "Buachaille Etive Mòr",
    city: "Glencoe",
    region: "Highland",
    country: "United Kingdom",
    countryCode: "GBR",
    latitude: 56.6462,
    longitude: -4.9905,
    utcOffset: 0,
    dst: true,
    terrain: "rolling",
    scenes: ["mountains", "lake", "night"],
    keywords: ["Scottish Highlands", "Scotland", "glen"],
  }),
  place({
    name: "Lago di Braies",
    sublocation: "Pragser Wildsee",
    city: "Braies",
    region: "South Tyrol",
    country: "Italy",
    countryCode: "ITA",
    latitude: 46.6943,
    longitude: 12.0852,
    utcOffset: 1,
    dst: true,
    terrain: "alpine",
    scenes: ["lake", "mountains", "forest"],
    keywords: ["Dolomites", "alpine lake", "Alps"],
  }),
  place({
    name: "Reykjavík",
    sublocation: "Hallgrímskirkja",
    city: "Reykjavík",
    region: "Capital Region",
    country: "Iceland",
    countryCode: "ISL",
    latitude: 64.1417,
    longitude: -21.9266,
    utcOffset: 0,
    dst: false,
    terrain: "volcanic",
    scenes: ["city", "coast", "night"],
    features: ["modern", "harbor", "church", "aurora"],
    keywords: ["capital", "Faxaflói"],
  }),
  place({
    name: "Torres del Paine",
    sublocation: "Lago Pehoé",
    city: "Torres del Paine",
    region: "Magallanes",
    country: "Chile",
    countryCode: "CHL",
    latitude: -51.0689,
    longitude: -73.0603,
    utcOffset: -3,
    dst: false,
    terrain: "alpine",
    scenes: ["mountains", "lake", "night"],
    features: ["glacier"],
    keywords: ["Patagonia", "national park", "granite towers"],
  }),
  place({
    name: "Arashiyama",
    sublocation: "Sagano Bamboo Grove",
    city: "Kyoto",
    region: "Kyoto Prefecture",
    country: "Japan",
    countryCode: "JPN",
    latitude: 35.017,
    longitude: 135.6713,
    utcOffset: 9,
    dst: false,
    terrain: "rolling",
    scenes: ["forest", "lake"],
    features: ["bamboo", "cherry"],
    keywords: ["京都", "bamboo", "Katsura River"],
  }),
  place({
    name: "Reine",
    sublocation: "Reinefjorden",
    city: "Reine",
    region: "Nordland",
    country: "Norway",
    countryCode: "NOR",
    latitude: 67.9326,
    longitude: 13.0889,
    utcOffset: 1,
    dst: true,
    terrain: "fjord",
    scenes: ["fjord", "night", "coast"],
    features: ["rorbu", "aurora"],
    keywords: ["Lofoten", "fishing village", "rorbu", "Arctic"],
  }),
  place({
    name: "Isle of Skye",
    sublocation: "Neist Point",
    city: "Glendale",
    region: "Highland",
    country: "United Kingdom",
    countryCode: "GBR",
    latitude: 57.4233,
    longitude: -6.7883,
    utcOffset: 0,
    dst: true,
    terrain: "rolling",
    scenes: ["coast", "mountains"],
    features: ["lighthouse"],
    keywords: ["Scotland", "Inner Hebrides", "sea cliffs"],
  }),
  place({
    name: "Val di Funes",
    sublocation: "Santa Maddalena",
    city: "Funes",
    region: "South Tyrol",
    country: "Italy",
    countryCode: "ITA",
    latitude: 46.6426,
    longitude: 11.7247,
    utcOffset: 1,
    dst: true,
    terrain: "alpine",
    scenes: ["fields", "mountains"],
    features: ["church"],
    keywords: ["Dolomites", "Odle", "alpine meadow"],
  }),
  place({
    name: "Geirangerfjord",
    sublocation: "Flydalsjuvet",
    city: "Geiranger",
    region: "Møre og Romsdal",
    country: "Norway",
    countryCode: "NOR",
    latitude: 62.1014,
    longitude: 7.2059,
    utcOffset: 1,
    dst: true,
    terrain: "fjord",
    scenes: ["fjord", "mountains"],
    keywords: ["UNESCO World Heritage", "Sunnmøre", "waterfalls"],
  }),
  place({
    name: "Vík í Mýrdal",
    sublocation: "Reynisfjara",
    city: "Vík",
    region: "Southern Region",
    country: "Iceland",
    countryCode: "ISL",
    latitude: 63.4043,
    longitude: -19.0444,
    utcOffset: 0,
    dst: false,
    terrain: "volcanic",
    scenes: ["coast", "night"],
    features: ["stacks", "blacksand", "aurora"],
    keywords: ["black sand beach", "Reynisdrangar", "basalt"],
  }),
  place({
    name: "Fitz Roy",
    sublocation: "Laguna de los Tres",
    city: "El Chaltén",
    region: "Santa Cruz",
    country: "Argentina",
    countryCode: "ARG",
    latitude: -49.3314,
    longitude: -72.8863,
    utcOffset: -3,
    dst: false,
    terrain: "alpine",
    scenes: ["mountains", "lake", "night"],
    features: ["glacier"],
    keywords: ["Patagonia", "Cerro Chaltén", "Los Glaciares"],
  }),
  place({
    name: "Bergen",
    sublocation: "Bryggen",
    city: "Bergen",
    region: "Vestland",
    country: "Norway",
    countryCode: "NOR",
    latitude: 60.3975,
    longitude: 5.3245,
    utcOffset: 1,
    dst: true,
    terrain: "fjord",
    scenes: ["city", "fjord"],
    features: ["gabled", "harbor"],
    keywords: ["Hanseatic wharf", "Vågen", "UNESCO World Heritage"],
  }),
  place({
    name: "Kiyomizu-dera",
    sublocation: "Higashiyama",
    city: "Kyoto",
    region: "Kyoto Prefecture",
    country: "Japan",
    countryCode: "JPN",
    latitude: 34.9949,
    longitude: 135.785,
    utcOffset: 9,
    dst: false,
    terrain: "rolling",
    scenes: ["city", "forest"],
    features: ["pagoda", "cherry"],
    keywords: ["京都", "temple", "pagoda"],
  }),
  place({
    name: "Tromsø",
    sublocation: "Tromsøysundet",
    city: "Tromsø",
    region: "Troms",
    country: "Norway",
    countryCode: "NOR",
    latitude: 69.6492,
    longitude: 18.9553,
    utcOffset: 1,
    dst: true,
    terrain: "fjord",
    scenes: ["night", "city", "fjord"],
    features: ["aurora", "harbor", "church", "modern"],
    keywords: ["Arctic", "northern Norway", "polar night"],
  }),
  place({
    name: "Loch Lomond",
    sublocation: "Luss",
    city: "Luss",
    region: "Argyll and Bute",
    country: "United Kingdom",
    countryCode: "GBR",
    latitude: 56.1012,
    longitude: -4.6381,
    utcOffset: 0,
    dst: true,
    terrain: "rolling",
    scenes: ["lake", "forest"],
    keywords: ["Scotland", "Trossachs", "national park"],
  }),
  place({
    name: "Tre Cime di Lavaredo",
    sublocation: "Rifugio Locatelli",
    city: "Auronzo di Cadore",
    region: "Veneto",
    country: "Italy",
    countryCode: "ITA",
    latitude: 46.6187,
    longitude: 12.303,
    utcOffset: 1,
    dst: true,
    terrain: "alpine",
    scenes: ["mountains", "night"],
    keywords: ["Dolomites", "Drei Zinnen", "Alps"],
  }),
  place({
    name: "Jökulsárlón",
    sublocation: "Diamond Beach",
    city: "Höfn",
    region: "Eastern Region",
    country: "Iceland",
    countryCode: "ISL",
    latitude: 64.0784,
    longitude: -16.2306,
    utcOffset: 0,
    dst: false,
    terrain: "volcanic",
    scenes: ["lake", "coast", "night"],
    features: ["glacier", "blacksand", "aurora"],
    keywords: ["glacier lagoon", "Vatnajökull", "icebergs"],
  }),
  place({
    name: "Ushuaia",
    sublocation: "Beagle Channel",
    city: "Ushuaia",
    region: "Tierra del Fuego",
    country: "Argentina",
    countryCode: "ARG",
    latitude: -54.8019,
    longitude: -68.303,
    utcOffset: -3,
    dst: false,
    terrain: "alpine",
    scenes: ["city", "coast", "fjord"],
    features: ["harbor", "gabled"],
    keywords: ["Patagonia", "end of the world", "Martial Mountains"],
  }),
  place({
    name: "Hamnøy",
    sublocation: "Hamnøy bridge",
    city: "Moskenes",
    region: "Nordland",
    country: "Norway",
    countryCode: "NOR",
    latitude: 67.9471,
    longitude: 13.1347,
    utcOffset: 1,
    dst: true,
    terrain: "fjord",
    scenes: ["fjord", "coast", "night"],
    features: ["rorbu", "aurora"],
    keywords: ["Lofoten", "rorbu", "Arctic", "fishing village"],
  }),
  place({
    name: "Val d'Orcia",
    sublocation: "Podere Belvedere",
    city: "San Quirico d'Orcia",
    region: "Tuscany",
    country: "Italy",
    countryCode: "ITA",
    latitude: 43.0581,
    longitude: 11.6047,
    utcOffset: 1,
    dst: true,
    terrain: "rolling",
    scenes: ["fields"],
    features: ["cypress", "vineyard"],
    keywords: ["Tuscany", "cypress trees", "UNESCO World Heritage"],
  }),
  place({
    name: "Oslo",
    sublocation: "Bjørvika",
    city: "Oslo",
    region: "Oslo",
    country: "Norway",
    countryCode: "NOR",
    latitude: 59.9075,
    longitude: 10.7531,
    utcOffset: 1,
    dst: true,
    terrain: "rolling",
    scenes: ["city", "coast"],
    features: ["modern", "harbor"],
    keywords: ["Oslofjord", "capital", "waterfront"],
  }),
  place({
    name: "Þingvellir",
    sublocation: "Almannagjá",
    city: "Þingvellir",
    region: "Southern Region",
    country: "Iceland",
    countryCode: "ISL",
    latitude: 64.2559,
    longitude: -21.1299,
    utcOffset: 0,
    dst: false,
    terrain: "volcanic",
    scenes: ["lake", "fields", "night"],
    features: ["aurora", "church"],
    keywords: ["national park", "rift valley", "Golden Circle"],
  }),
  place({
    name: "Valensole",
    sublocation: "Plateau de Valensole",
    city: "Valensole",
    region: "Provence-Alpes-Côte d'Azur",
    country: "France",
    countryCode: "FRA",
    latitude: 43.8374,
    longitude: 5.9835,
    utcOffset: 1,
    dst: true,
    terrain: "rolling",
    scenes: ["fields"],
    features: ["lavender"],
    keywords: ["Provence", "lavender", "plateau"],
  }),
  place({
    name: "Nærøyfjord",
    sublocation: "Gudvangen",
    city: "Gudvangen",
    region: "Vestland",
    country: "Norway",
    countryCode: "NOR",
    latitude: 60.8788,
    longitude: 6.8433,
    utcOffset: 1,
    dst: true,
    terrain: "fjord",
    scenes: ["fjord", "forest"],
    features: ["rorbu"],
    keywords: ["UNESCO World Heritage", "Sognefjord", "narrow fjord"],
  }),
  place({
    name: "Edinburgh",
    sublocation: "Calton Hill",
    city: "Edinburgh",
    region: "Scotland",
    country: "United Kingdom",
    countryCode: "GBR",
    latitude: 55.9553,
    longitude: -3.1826,
    utcOffset: 0,
    dst: true,
    terrain: "rolling",
    scenes: ["city"],
    features: ["gabled", "church"],
    keywords: ["Old Town", "capital", "Scotland"],
  }),
  place({
    name: "Lake Bled",
    sublocation: "Bled Island",
    city: "Bled",
    region: "Upper Carniola",
    country: "Slovenia",
    countryCode: "SVN",
    latitude: 46.3625,
    longitude: 14.0938,
    utcOffset: 1,
    dst: true,
    terrain: "alpine",
    scenes: ["lake", "forest"],
    features: ["church"],
    keywords: ["Julian Alps", "alpine lake", "island church"],
  }),
  place({
    name: "Perito Moreno",
    sublocation: "Brazo Rico",
    city: "El Calafate",
    region: "Santa Cruz",
    country: "Argentina",
    countryCode: "ARG",
    latitude: -50.4967,
    longitude: -73.1377,
    utcOffset: -3,
    dst: false,
    terrain: "alpine",
    scenes: ["lake", "mountains"],
    features: ["glacier"],
    keywords: ["Patagonia", "glacier", "Los Glaciares"],
  }),
  place({
    name: "Abisko",
    sublocation: "Torneträsk",
    city: "Abisko",
    region: "Norrbotten",
    country: "Sweden",
    countryCode: "SWE",
    latitude: 68.3495,
    longitude: 18.8312,
    utcOffset: 1,
    dst: true,
    terrain: "rolling",
    scenes: ["night", "lake", "forest"],
    features: ["aurora"],
    keywords: ["Lapland", "Arctic", "national park"],
  }),
  place({
    name: "Hallstatt",
    sublocation: "Hallstätter See",
    city: "Hallstatt",
    region: "Upper Austria",
    country: "Austria",
    countryCode: "AUT",
    latitude: 47.5622,
    longitude: 13.6493,
    utcOffset: 1,
    dst: true,
    terrain: "alpine",
    scenes: ["lake", "city"],
    features: ["gabled", "church", "harbor"],
    keywords: ["Salzkammergut", "UNESCO World Heritage", "alpine village"],
  }),
  place({
    name: "Fushimi Inari",
    sublocation: "Mount Inari",
    city: "Kyoto",
    region: "Kyoto Prefecture",
    country: "Japan",
    countryCode: "JPN",
    latitude: 34.9671,
    longitude: 135.7727,
    utcOffset: 9,
    dst: false,
    terrain: "rolling",
    scenes: ["forest", "city"],
    features: ["pagoda", "cherry"],
    keywords: ["京都", "shrine", "Fushimi"],
  }),
  place({
    name: "Gásadalur",
    sublocation: "Múlafossur",
    city: "Gásadalur",
    region: "Vágar",
    country: "Faroe Islands",
    countryCode: "FRO",
    latitude: 62.1111,
    longitude: -7.4347,
    utcOffset: 0,
    dst: true,
    terrain: "volcanic",
    scenes: ["coast", "fields"],
    features: ["stacks"],
    keywords: ["North Atlantic", "waterfall", "sea cliffs"],
  }),
];

interface Lens {
  make: string;
  model: string;
  minFocal: number;
  maxFocal: number;
  maxAperture: number;
}

interface Photographer {
  name: string;
  countries: readonly string[];
  make: string;
  model: string;
  serialPrefix: string;
  lenses: readonly Lens[];
}

const PHOTOGRAPHERS: readonly Photographer[] = [
  {
    name: "Øystein Løvaas",
    countries: ["Norway", "Sweden", "Faroe Islands"],
    make: "Nikon",
    model: "Z 7_2",
    serialPrefix: "30",
    lenses: [
      {
        make: "Nikon",
        model: "NIKKOR Z 14-30mm f/4 S",
        minFocal: 14,
        maxFocal: 30,
        maxAperture: 4,
      },
      {
        make: "Nikon",
        model: "NIKKOR Z 24-70mm f/2.8 S",
        minFocal: 24,
        maxFocal: 70,
        maxAperture: 2.8,
      },
      {
        make: "Nikon",
        model: "NIKKOR Z 70-200mm f/2.8 VR S",
        minFocal: 70,
        maxFocal: 200,
        maxAperture: 2.8,
      },
    ],
  },
  {
    name: "Ingrid Haugen",
    countries: ["Norway", "Austria", "Slovenia"],
    make: "SONY",
    model: "ILCE-7RM4",
    serialPrefix: "47",
    lenses: [
      { make: "Sony", model: "FE 16-35mm F2.8 GM", minFocal: 16, maxFocal: 35, maxAperture: 2.8 },
      { make: "Sony", model: "FE 24-105mm F4 G OSS", minFocal: 24, maxFocal: 105, maxAperture: 4 },
      {
        make: "Sony",
        model: "FE 100-400mm F4.5-5.6 GM OSS",
        minFocal: 100,
        maxFocal: 400,
        maxAperture: 4.5,
      },
    ],
  },
  {
    name: "Sigrún Jónsdóttir",
    countries: ["Iceland", "Faroe Islands", "Norway"],
    make: "Canon",
    model: "Canon EOS R5",
    serialPrefix: "08",
    lenses: [
      {
        make: "Canon",
        model: "RF15-35mm F2.8 L IS USM",
        minFocal: 15,
        maxFocal: 35,
        maxAperture: 2.8,
      },
      {
        make: "Canon",
        model: "RF24-70mm F2.8 L IS USM",
        minFocal: 24,
        maxFocal: 70,
        maxAperture: 2.8,
      },
    ],
  },
  {
    name: "Hamish MacLeod",
    countries: ["United Kingdom", "Faroe Islands"],
    make: "FUJIFILM",
    model: "X-T4",
    serialPrefix: "1A",
    lenses: [
      {
        make: "FUJIFILM",
        model: "XF10-24mmF4 R OIS WR",
        minFocal: 10,
        maxFocal: 24,
        maxAperture: 4,
      },
      {
        make: "FUJIFILM",
        model: "XF16-55mmF2.8 R LM WR",
        minFocal: 16,
        maxFocal: 55,
        maxAperture: 2.8,
      },
    ],
  },
  {
    name: "Giulia Ferrante",
    countries: ["Italy", "Austria", "Slovenia", "France"],
    make: "Canon",
    model: "Canon EOS 5D Mark IV",
    serialPrefix: "02",
    lenses: [
      {
        make: "Canon",
        model: "EF16-35mm f/4L IS USM",
        minFocal: 16,
        maxFocal: 35,
        maxAperture: 4,
      },
      {
        make: "Canon",
        model: "EF24-105mm f/4L IS II USM",
        minFocal: 24,
        maxFocal: 105,
        maxAperture: 4,
      },
    ],
  },
  {
    name: "Matías Sepúlveda",
    countries: ["Chile", "Argentina"],
    make: "NIKON CORPORATION",
    model: "NIKON D850",
    serialPrefix: "60",
    lenses: [
      {
        make: "Nikon",
        model: "AF-S NIKKOR 14-24mm f/2.8G ED",
        minFocal: 14,
        maxFocal: 24,
        maxAperture: 2.8,
      },
      {
        make: "Nikon",
        model: "AF-S NIKKOR 24-70mm f/2.8E ED VR",
        minFocal: 24,
        maxFocal: 70,
        maxAperture: 2.8,
      },
    ],
  },
  {
    name: "Aiko Tanaka",
    countries: ["Japan"],
    make: "OM Digital Solutions",
    model: "OM-1",
    serialPrefix: "BJ",
    lenses: [
      {
        make: "OM Digital Solutions",
        model: "M.Zuiko Digital ED 12-40mm F2.8 PRO II",
        minFocal: 12,
        maxFocal: 40,
        maxAperture: 2.8,
      },
      {
        make: "OM Digital Solutions",
        model: "M.Zuiko Digital ED 40-150mm F2.8 PRO",
        minFocal: 40,
        maxFocal: 150,
        maxAperture: 2.8,
      },
    ],
  },
  {
    name: "Léa Dubois",
    countries: ["France", "Italy", "Iceland", "Japan"],
    make: "LEICA CAMERA AG",
    model: "LEICA Q2",
    serialPrefix: "52",
    lenses: [
      {
        make: "Leica",
        model: "SUMMILUX 1:1.7/28 ASPH.",
        minFocal: 28,
        maxFocal: 28,
        maxAperture: 1.7,
      },
    ],
  },
];

/* ------------------------------------------------------------------------------------------ */
/* The plan for one photograph                                                                */
/* ------------------------------------------------------------------------------------------ */

interface PhotoPlan {
  index: number;
  rng: Rng;
  place: Place;
  photographer: Photographer;
  lens: Lens;
  kind: SceneKind;
  time: TimeOfDay;
  season: Season;
  aurora: boolean;
  mist: boolean;
  width: number;
  height: number;
  colorSpace: DemoColorSpace;
  large: boolean;
  /** Local wall-clock time and its UTC offset in minutes. */
  local: { year: number; month: number; day: number; hour: number; minute: number; second: number };
  offsetMinutes: number;
  gps: { latitude: number; longitude: number; altitude: number };
}

const SEASON_MONTHS: Record<Season, readonly number[]> = {
  winter: [12, 1, 2],
  spring: [3, 4, 5],
  summer: [6, 7, 8],
  autumn: [9, 10, 11],
};

function timesFor(kind: SceneKind, aurora: boolean): readonly (readonly [TimeOfDay, number])[] {
  if (kind === "night")
    return aurora
      ? [["night", 1]]
      : [
          ["night", 3],
          ["blue", 1],
        ];
  if (kind === "city")
    return [
      ["dusk", 3],
      ["blue", 3],
      ["night", 2],
      ["morning", 2],
      ["golden", 2],
      ["midday", 1],
      ["overcast", 1],
    ];
  return [
    ["dawn", 3],
    ["morning", 3],
    ["midday", 2],
    ["afternoon", 2],
    ["golden", 4],
    ["dusk", 2],
    ["overcast", 2],
  ];
}

function seasonsFor(p: Place, kind: SceneKind): readonly (readonly [Season, number])[] {
  if (kind === "night" && (p.features.includes("aurora") || Math.abs(p.latitude) > 55))
    return [
      ["winter", 4],
      ["autumn", 2],
      ["spring", 1],
    ];
  if (p.features.includes("lavender") || p.features.includes("vineyard"))
    return [
      ["summer", 4],
      ["spring", 1],
      ["autumn", 2],
    ];
  if (p.features.includes("cherry"))
    return [
      ["spring", 3],
      ["autumn", 3],
      ["summer", 1],
      ["winter", 1],
    ];
  return [
    ["winter", 2],
    ["spring", 2],
    ["summer", 3],
    ["autumn", 3],
  ];
}

/**
 * Local clock time (fractional hours) fitting the light on that day at that place, from the
 * sun's declination and hour angle; polar night and midnight sun fall back to plausible hours.
 */
function clockFor(
  rng: Rng,
  time: TimeOfDay,
  place: Pick<Place, "latitude" | "longitude">,
  offsetHours: number,
  date: { year: number; month: number; day: number },
): number {
  const dayOfYear =
    (Date.UTC(date.year, date.month - 1, date.day) - Date.UTC(date.year, 0, 0)) / 86_400_000;
  const declination = 23.44 * Math.sin((2 * Math.PI * (284 + dayOfYear)) / 365);
  const rad = Math.PI / 180;
  const cosOmega = -Math.tan(place.latitude * rad) * Math.tan(declination * rad);
  const noon = 12 + offsetHours - place.longitude / 15;
  // Half the day length, clamped so the polar cases keep a little twilight to work with.
  const half = (Math.acos(Math.max(-0.95, Math.min(0.95, cosOmega))) / rad / 15) * 1;
  const sunrise = noon - half;
  const sunset = noon + half;
  const ranges: Record<TimeOfDay, [number, number]> = {
    dawn: [sunrise - 0.4, sunrise + 0.3],
    morning: [sunrise + 0.8, Math.min(noon - 1, sunrise + 3)],
    midday: [noon - 0.8, noon + 0.8],
    afternoon: [noon + 1.5, Math.max(noon + 1.6, sunset - 2)],
    golden: [sunset - 1, sunset - 0.1],
    dusk: [sunset, sunset + 0.5],
    blue: [sunset + 0.5, sunset + 1],
    night: [sunset + 1.5, Math.max(sunset + 1.6, 24 + sunrise - 1.5)],
    overcast: [sunrise + 1, Math.max(sunrise + 1.1, sunset - 1)],
  };
  const [from, to] = ranges[time];
  const hours = rng.range(Math.min(from, to), Math.max(from, to));
  return ((hours % 24) + 24) % 24;
}

function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month, 0));
  return last.getUTCDate() - last.getUTCDay();
}

function isEuropeanSummerTime(year: number, month: number, day: number): boolean {
  if (month > 3 && month < 10) return true;
  if (month === 3) return day >= lastSunday(year, 3);
  if (month === 10) return day < lastSunday(year, 10);
  return false;
}

const SIZES: readonly (readonly [[number, number], number])[] = [
  [[1800, 1200], 5],
  [[2400, 1600], 3],
  [[2400, 1350], 1],
  [[1200, 1800], 3],
  [[1600, 2400], 1],
  [[2000, 2000], 1],
];

function colorSpaceFor(index: number): DemoColorSpace {
  if (index % 8 === 5) return "b-w";
  if (index % 12 === 2) return "cmyk";
  return "srgb";
}

function planPhoto(seed: number, index: number, large: boolean): PhotoPlan {
  const rng = new Rng(mixSeed(seed, index, 0x50484f54));
  const p = PLACES[index % PLACES.length] as Place;
  const kind = rng.pick(p.scenes);
  const season = rng.weighted(seasonsFor(p, kind));
  const aurora =
    kind === "night" && p.features.includes("aurora") && season !== "summer" && rng.chance(0.8);
  const time = rng.weighted(timesFor(kind, aurora));
  const mist =
    (time === "dawn" || time === "morning" || time === "overcast") &&
    kind !== "city" &&
    kind !== "coast" &&
    rng.chance(0.7);

  const affine = PHOTOGRAPHERS.filter((ph) => ph.countries.includes(p.country));
  const photographer = rng.pick(affine.length > 0 ? affine : PHOTOGRAPHERS);
  const lens =
    kind === "city" || rng.chance(0.25)
      ? rng.pick(photographer.lenses)
      : (photographer.lenses[0] as Lens);

  let width: number;
  let height: number;
  if (large) {
    [width, height] = rng.chance(0.8) ? [5000, 3333] : [3333, 5000];
  } else {
    [width, height] = rng.weighted(SIZES);
  }

  // Seasons flip south of the equator.
  const southern = p.latitude < 0;
  let month = rng.pick(SEASON_MONTHS[season]);
  if (southern) month = ((month + 5) % 12) + 1;
  let year = rng.int(2019, 2025);
  if (year === 2025 && month > 6) year = 2024;
  const day = rng.int(1, 28);
  const offsetHours = p.utcOffset + (p.dst && isEuropeanSummerTime(year, month, day) ? 1 : 0);
  const seconds = Math.floor(clockFor(rng, time, p, offsetHours, { year, month, day }) * 3600);
  const hour = Math.floor(seconds / 3600);
  const minute = Math.floor(seconds / 60) % 60;
  const second = seconds % 60;

  // Within a kilometre or two of the named spot, as a photographer walks about.
  const latitude = round6(p.latitude + rng.range(-0.012, 0.012));
  const longitude = round6(p.longitude + rng.range(-0.02, 0.02));
  const altitude = kind === "mountains" || kind === "night" ? rng.int(300, 2400) : rng.int(2, 120);

  return {
    index,
    rng,
    place: p,
    photographer,
    lens,
    kind,
    time,
    season,
    aurora,
    mist,
    width,
    height,
    colorSpace: colorSpaceFor(index),
    large,
    local: { year, month, day, hour, minute, second },
    offsetMinutes: offsetHours * 60,
    gps: { latitude, longitude, altitude },
  };
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/* ------------------------------------------------------------------------------------------ */
/* Words: titles, captions, keywords                                                          */
/* ------------------------------------------------------------------------------------------ */

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function titleCandidates(plan: PhotoPlan): string[] {
  const { kind, time, season, place: p, aurora, mist } = plan;
  const n = p.name;
  const seasonWord = season[0]?.toUpperCase() + season.slice(1);
  const out: string[] = [];
  if (aurora) out.push(`Northern lights above ${n}`, `Aurora over ${n}`);
  if (mist) out.push(`Morning mist over ${n}`, `Mist rising from ${n}`);
  switch (time) {
    case "dawn":
      out.push(`First light on ${n}`, `Dawn breaking over ${n}`, `Sunrise at ${n}`);
      break;
    case "morning":
      out.push(`${seasonWord} morning at ${n}`, `Morning light on ${n}`);
      break;
    case "midday":
      out.push(`Clear skies over ${n}`, `${seasonWord} day at ${n}`);
      break;
    case "afternoon":
      out.push(`Afternoon light on ${n}`, `${seasonWord} afternoon in ${n}`);
      break;
    case "golden":
      out.push(`Golden hour at ${n}`, `Last light on ${n}`, `Evening glow over ${n}`);
      break;
    case "dusk":
      out.push(`Dusk falls on ${n}`, `Twilight over ${n}`);
      break;
    case "blue":
      out.push(
        `Blue hour in ${n}`,
        kind === "city" ? `Evening lights of ${n}` : `Twilight at ${n}`,
      );
      break;
    case "night":
      out.push(
        kind === "city" ? `${n} by night` : `Stars over ${n}`,
        `Moonlight on ${n}`,
        `Night falls on ${n}`,
      );
      break;
    case "overcast":
      out.push(`Grey skies over ${n}`, `Storm light on ${n}`, `Rain clouds over ${n}`);
      break;
  }
  switch (kind) {
    case "fjord":
      out.push(`Still waters of ${n}`, `Reflections in ${n}`);
      break;
    case "lake":
      out.push(`Calm water at ${n}`, `Reflections at ${n}`);
      break;
    case "mountains":
      out.push(`The peaks of ${n}`, `Ridges above ${n}`);
      break;
    case "forest":
      out.push(`${seasonWord} forest near ${n}`, `Among the trees at ${n}`);
      break;
    case "city":
      out.push(
        `Rooftops of ${p.city}`,
        p.features.includes("harbor") ? `${p.city} waterfront` : `Above the roofs of ${p.city}`,
      );
      break;
    case "fields":
      out.push(`Rolling fields of ${n}`, `${seasonWord} fields near ${p.city}`);
      break;
    case "coast":
      out.push(`Waves at ${n}`, `The shore at ${n}`);
      break;
    case "night":
      out.push(`Clear night at ${n}`);
      break;
  }
  return out.filter((t) => Buffer.byteLength(t) <= IPTC_MAX.objectName);
}

const LIGHT: Record<TimeOfDay, readonly (readonly [string, string])[]> = {
  dawn: [
    ["The first light of dawn", "spreads"],
    ["Pale dawn light", "creeps"],
  ],
  morning: [
    ["Soft morning light", "lies"],
    ["Low morning sun", "glows"],
  ],
  midday: [
    ["Bright midday sun", "shines"],
    ["High summer light", "falls"],
  ],
  afternoon: [
    ["Clear afternoon light", "falls"],
    ["Warm afternoon sun", "rests"],
  ],
  golden: [
    ["Warm golden-hour light", "spills"],
    ["The low evening sun", "glows"],
  ],
  dusk: [
    ["The last glow of dusk", "lingers"],
    ["Fading evening light", "settles"],
  ],
  blue: [
    ["Blue-hour twilight", "settles"],
    ["Deep blue twilight", "falls"],
  ],
  night: [
    ["Moonlight", "glows"],
    ["Starlight", "falls"],
  ],
  overcast: [
    ["Low grey cloud", "hangs"],
    ["Heavy rain cloud", "drifts"],
  ],
};

const FOREST_ADJECTIVE: Record<Season, string> = {
  winter: "snow-laden",
  spring: "fresh green",
  summer: "dense summer",
  autumn: "autumn-coloured",
};

function captionFor(plan: PhotoPlan): string {
  const { kind, place: p, time, season, rng, aurora } = plan;
  const [subject, verb] = rng.pick(LIGHT[time]);
  const where: Record<SceneKind, string> = {
    fjord: `over the still water of ${p.name}, with the mountain walls mirrored below`,
    lake: `over ${p.name}, where the surrounding peaks are reflected in calm water`,
    mountains: `across the ridges and peaks around ${p.name}`,
    forest: `through the ${FOREST_ADJECTIVE[season]} forest near ${p.name}`,
    city: `over the rooftops of ${p.city}`,
    fields: `across the rolling fields of ${p.name}`,
    coast: `along the shore at ${p.name} as the waves roll in`,
    night: `on the hills around ${p.name}`,
  };
  const sentences: string[] = [];
  if (aurora) {
    sentences.push(`The northern lights dance above ${p.name} on a clear ${season} night.`);
  } else {
    sentences.push(`${subject} ${verb} ${where[kind]}.`);
  }
  const details: string[] = [];
  if (plan.mist) details.push("Mist lingers in the valleys below.");
  if (p.features.includes("rorbu")) details.push("Red fishermen's cabins line the water's edge.");
  if (p.features.includes("gabled") && kind === "city")
    details.push("Gabled wooden houses crowd the old harbour front.");
  if (p.features.includes("lavender") && season === "summer")
    details.push("Rows of lavender stretch towards the horizon.");
  if (p.features.includes("cypress")) details.push("A line of cypress trees follows the road.");
  if (p.features.includes("cherry") && season === "spring")
    details.push("Cherry trees are in full bloom.");
  if (p.features.includes("cherry") && season === "autumn")
    details.push("The maples have turned a deep red.");
  if (p.features.includes("glacier")) details.push("The ice of the glacier glows blue.");
  if (p.features.includes("blacksand") && kind === "coast")
    details.push("Surf washes over the black volcanic sand.");
  if (p.features.includes("lighthouse") && kind === "coast")
    details.push("The lighthouse stands at the end of the headland.");
  if (season === "winter" && p.terrain !== "rolling" && kind !== "city")
    details.push("Fresh snow covers the peaks.");
  if (details.length > 0) sentences.push(rng.pick(details));
  const { year, month } = plan.local;
  sentences.push(
    `Photographed at ${p.sublocation}, ${p.city}, ${p.region}, ${p.country}, in ${MONTH_NAMES[month - 1]} ${year}.`,
  );
  return sentences.join(" ");
}

const SCENE_KEYWORDS: Record<SceneKind, readonly string[]> = {
  fjord: ["fjord", "mountains", "water", "reflection"],
  lake: ["lake", "reflection", "mountains"],
  mountains: ["mountains", "peaks", "landscape"],
  forest: ["forest", "trees", "nature"],
  city: ["city", "architecture", "cityscape"],
  fields: ["fields", "farmland", "countryside"],
  coast: ["coast", "sea", "waves"],
  night: ["night", "stars", "night sky"],
};

const TIME_KEYWORDS: Record<TimeOfDay, string> = {
  dawn: "sunrise",
  morning: "morning",
  midday: "daylight",
  afternoon: "afternoon",
  golden: "golden hour",
  dusk: "dusk",
  blue: "blue hour",
  night: "night",
  overcast: "clouds",
};

const MOODS: Record<TimeOfDay, readonly string[]> = {
  dawn: ["serene", "quiet"],
  morning: ["fresh", "calm"],
  midday: ["bright", "vivid"],
  afternoon: ["warm", "peaceful"],
  golden: ["warm", "glowing"],
  dusk: ["moody", "tranquil"],
  blue: ["moody", "atmospheric"],
  night: ["mysterious", "dark"],
  overcast: ["moody", "dramatic"],
};

function keywordsFor(plan: PhotoPlan): string[] {
  const { rng, kind, place: p, season, time } = plan;
  const words: string[] = [];
  const add = (w: string) => {
    if (!words.some((x) => x.toLowerCase() === w.toLowerCase())) words.push(w);
  };
  const sceneWords = SCENE_KEYWORDS[kind];
  for (const w of sceneWords.slice(0, rng.int(2, sceneWords.length))) add(w);
  add(p.name);
  add(p.country);
  if (plan.aurora) add("aurora borealis");
  if (plan.mist) add("mist");
  add(season);
  add(TIME_KEYWORDS[time]);
  add(rng.pick(MOODS[time]));
  for (const w of rng.shuffle(p.keywords).slice(0, rng.int(1, 2))) add(w);
  if (plan.colorSpace === "b-w") add("black and white");
  // 4–10 keywords; the list above always gives at least 7.
  return words.slice(0, 10);
}

/** File-name stem: ASCII lower case, hyphens. */
function slug(text: string): string {
  const folded = text
    .replace(/[Øø]/g, "o")
    .replace(/[Ææ]/g, "ae")
    .replace(/[Þþ]/g, "th")
    .replace(/[Ðð]/g, "d")
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
  return folded
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
}

/* ------------------------------------------------------------------------------------------ */
/* Colour                                                                                     */
/* ------------------------------------------------------------------------------------------ */

type Rgb = [number, number, number];

function hex(c: string): Rgb {
  const v = parseInt(c.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function css([r, g, b]: Rgb): string {
  const h = (n: number) =>
    Math.max(0, Math.min(255, Math.round(n)))
      .toString(16)
      .padStart(2, "0");
  return `#${h(r)}${h(g)}${h(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const x = hex(a);
  const y = hex(b);
  return css([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

function shade(c: string, f: number): string {
  const [r, g, b] = hex(c);
  return css([r * f, g * f, b * f]);
}

interface Palette {
  skyTop: string;
  skyMid: string;
  horizon: string;
  sun: string;
  /** Multiplies land colours: how much light falls on them. */
  light: number;
  /** Tint towards which lit land shifts. */
  tint: string;
  tintAmount: number;
  haze: string;
  cloud: string;
  sunVisible: boolean;
  sunHeight: number;
  moon: boolean;
  stars: number;
  windowsLit: number;
}

function paletteFor(time: TimeOfDay, rng: Rng): Palette {
  const j = (c: string) => mix(c, rng.chance(0.5) ? "#ffffff" : "#000000", rng.range(0, 0.08));
  const base: Record<TimeOfDay, Palette> = {
    dawn: {
      skyTop: "#2d3f6e",
      skyMid: "#9a86ab",
      horizon: "#f6b98c",
      sun: "#ffe0ae",
      light: 0.7,
      tint: "#ffb38a",
      tintAmount: 0.18,
      haze: "#c9a9b4",
      cloud: "#f2b7a6",
      sunVisible: true,
      sunHeight: 0.08,
      moon: false,
      stars: 0.1,
      windowsLit: 0.12,
    },
    morning: {
      skyTop: "#4a7cb8",
      skyMid: "#9bc0e2",
      horizon: "#e4ecef",
      sun: "#fff4d8",
      light: 0.9,
      tint: "#fff1d0",
      tintAmount: 0.08,
      haze: "#c5d5e2",
      cloud: "#f7f4ee",
      sunVisible: true,
      sunHeight: 0.3,
      moon: false,
      stars: 0,
      windowsLit: 0,
    },
    midday: {
      skyTop: "#2a66b0",
      skyMid: "#69a0d9",
      horizon: "#cfe2f2",
      sun: "#ffffff",
      light: 1,
      tint: "#ffffff",
      tintAmount: 0,
      haze: "#b9d0e6",
      cloud: "#ffffff",
      sunVisible: false,
      sunHeight: 0.9,
      moon: false,
      stars: 0,
      windowsLit: 0,
    },
    afternoon: {
      skyTop: "#3474bb",
      skyMid: "#7fb0dc",
      horizon: "#e6e7da",
      sun: "#fff6df",
      light: 0.95,
      tint: "#ffe8bf",
      tintAmount: 0.08,
      haze: "#cad7df",
      cloud: "#fbf7ee",
      sunVisible: true,
      sunHeight: 0.45,
      moon: false,
      stars: 0,
      windowsLit: 0,
    },
    golden: {
      skyTop: "#3b5d8e",
      skyMid: "#d99c60",
      horizon: "#ffd07c",
      sun: "#ffe6aa",
      light: 0.85,
      tint: "#ff9f45",
      tintAmount: 0.25,
      haze: "#e6b57f",
      cloud: "#ffc98f",
      sunVisible: true,
      sunHeight: 0.1,
      moon: false,
      stars: 0,
      windowsLit: 0.05,
    },
    dusk: {
      skyTop: "#1c2449",
      skyMid: "#6e4b7a",
      horizon: "#f08c5e",
      sun: "#ffa070",
      light: 0.45,
      tint: "#d46a5a",
      tintAmount: 0.2,
      haze: "#8e6a86",
      cloud: "#e0807a",
      sunVisible: false,
      sunHeight: 0.0,
      moon: false,
      stars: 0.15,
      windowsLit: 0.35,
    },
    blue: {
      skyTop: "#0d1a3a",
      skyMid: "#23407c",
      horizon: "#7188bb",
      sun: "#c9d6ff",
      light: 0.35,
      tint: "#4c6cb0",
      tintAmount: 0.3,
      haze: "#4f6596",
      cloud: "#56689a",
      sunVisible: false,
      sunHeight: 0,
      moon: true,
      stars: 0.3,
      windowsLit: 0.5,
    },
    night: {
      skyTop: "#02050d",
      skyMid: "#0a1431",
      horizon: "#1e2e55",
      sun: "#f4f1e2",
      light: 0.18,
      tint: "#3a4f8a",
      tintAmount: 0.35,
      haze: "#1c2a4c",
      cloud: "#2a3658",
      sunVisible: false,
      sunHeight: 0,
      moon: true,
      stars: 1,
      windowsLit: 0.45,
    },
    overcast: {
      skyTop: "#6d757e",
      skyMid: "#98a0a7",
      horizon: "#c3c7ca",
      sun: "#f0f0ec",
      light: 0.7,
      tint: "#9aa4ad",
      tintAmount: 0.15,
      haze: "#aab1b6",
      cloud: "#8d959d",
      sunVisible: false,
      sunHeight: 0.5,
      moon: false,
      stars: 0,
      windowsLit: 0.08,
    },
  };
  const p = base[time];
  return { ...p, skyTop: j(p.skyTop), skyMid: j(p.skyMid), horizon: j(p.horizon) };
}

interface LandColors {
  grass: string;
  forest: string;
  rock: string;
  foliage: readonly string[];
  snow: number; // 0..1, how far down snow reaches
  water: string;
}

function landFor(season: Season, terrain: Terrain): LandColors {
  const volcanic = terrain === "volcanic";
  switch (season) {
    case "winter":
      return {
        grass: "#e6ecf2",
        forest: "#223429",
        rock: volcanic ? "#4a4c52" : "#5b6068",
        foliage: ["#2b3a30", "#3b4436"],
        snow: 0.85,
        water: "#2d4a63",
      };
    case "spring":
      return {
        grass: "#79a24a",
        forest: "#2f5b2f",
        rock: volcanic ? "#54524c" : "#6e6a64",
        foliage: ["#8fbf55", "#a8cf62", "#6f9f45"],
        snow: 0.35,
        water: "#2f5d73",
      };
    case "summer":
      return {
        grass: "#56853a",
        forest: "#1f4a27",
        rock: volcanic ? "#4e4f4b" : "#6b6760",
        foliage: ["#3f7a32", "#4d8a36", "#2f6429"],
        snow: terrain === "alpine" ? 0.15 : 0.05,
        water: "#275a78",
      };
    case "autumn":
      return {
        grass: "#8d8a48",
        forest: "#34472a",
        rock: volcanic ? "#55514a" : "#6d665c",
        foliage: ["#c8641e", "#d9a13a", "#a33a1f", "#b8862c"],
        snow: 0.3,
        water: "#2a5268",
      };
  }
}

/* ------------------------------------------------------------------------------------------ */
/* SVG scene                                                                                  */
/* ------------------------------------------------------------------------------------------ */

const f1 = (n: number) => (Math.round(n * 10) / 10).toString();

class Svg {
  defs: string[] = [];
  body: string[] = [];
  private ids = 0;

  id(prefix: string): string {
    this.ids += 1;
    return `${prefix}${this.ids}`;
  }

  linear(stops: readonly (readonly [number, string, number?])[], vertical = true): string {
    const id = this.id("g");
    const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
    this.defs.push(
      `<linearGradient id="${id}" ${dir}>${stops
        .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`)
        .join("")}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: readonly (readonly [number, string, number?])[]): string {
    const id = this.id("r");
    this.defs.push(
      `<radialGradient id="${id}">${stops
        .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`)
        .join("")}</radialGradient>`,
    );
    return `url(#${id})`;
  }
}

/** Midpoint displacement: `n + 1` heights normalised to [0, 1]. `n` is a power of two. */
function profile(rng: Rng, n: number, roughness: number): number[] {
  const a = new Array<number>(n + 1).fill(0);
  a[0] = rng.range(-0.5, 0.5);
  a[n] = rng.range(-0.5, 0.5);
  let step = n;
  let amp = 1;
  while (step > 1) {
    const half = step / 2;
    for (let i = half; i < n; i += step) {
      a[i] = ((a[i - half] as number) + (a[i + half] as number)) / 2 + rng.range(-amp, amp);
    }
    amp *= roughness;
    step = half;
  }
  const min = Math.min(...a);
  const max = Math.max(...a);
  return a.map((v) => (v - min) / (max - min || 1));
}

type Pt = [number, number];

function polyline(points: readonly Pt[]): string {
  return points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${f1(x)} ${f1(y)}`).join("");
}

/** Catmull-Rom through the points as cubic Béziers. */
function smooth(points: readonly Pt[]): string {
  if (points.length < 3) return polyline(points);
  const p = (i: number) => points[Math.max(0, Math.min(points.length - 1, i))] as Pt;
  let d = `M${f1(p(0)[0])} ${f1(p(0)[1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const [x0, y0] = p(i - 1);
    const [x1, y1] = p(i);
    const [x2, y2] = p(i + 1);
    const [x3, y3] = p(i + 2);
    d += `C${f1(x1 + (x2 - x0) / 6)} ${f1(y1 + (y2 - y0) / 6)} ${f1(x2 - (x3 - x1) / 6)} ${f1(y2 - (y3 - y1) / 6)} ${f1(x2)} ${f1(y2)}`;
  }
  return d;
}

interface Ridge {
  points: Pt[];
  /** Y of the ridge at x (linear interpolation). */
  at: (x: number) => number;
}

function makeRidge(
  rng: Rng,
  w: number,
  base: number,
  amp: number,
  opts: { roughness: number; segments: number; envelope?: (t: number) => number; sharpen?: number },
): Ridge {
  const prof = profile(rng, opts.segments, opts.roughness);
  const env = opts.envelope ?? (() => 1);
  const sharpen = opts.sharpen ?? 1;
  const points: Pt[] = prof.map((v, i) => {
    const t = i / opts.segments;
    const x = t * w;
    return [x, base - amp * env(t) * (0.25 + 0.75 * Math.pow(v, sharpen))];
  });
  const at = (x: number) => {
    const t = Math.max(0, Math.min(opts.segments - 1e-9, (x / w) * opts.segments));
    const i = Math.floor(t);
    const a = (points[i] as Pt)[1];
    const b = (points[i + 1] as Pt)[1];
    return a + (b - a) * (t - i);
  };
  return { points, at };
}

interface SceneContext {
  plan: PhotoPlan;
  rng: Rng;
  svg: Svg;
  w: number;
  h: number;
  /** Scale of details: 1 at 1800 px wide-equivalent. */
  u: number;
  pal: Palette;
  land: LandColors;
  /** Where sky meets land or water. */
  horizon: number;
  sunX: number;
  sunY: number;
}

function lit(ctx: SceneContext, color: string, distance = 0): string {
  const { pal } = ctx;
  const tinted = mix(color, pal.tint, pal.tintAmount);
  const darker = shade(tinted, pal.light * (0.85 + 0.15 * distance) + 0.08);
  return mix(darker, pal.haze, distance * 0.75);
}

function drawSky(ctx: SceneContext): void {
  const { svg, w, h, pal, horizon, rng } = ctx;
  const fill = svg.linear([
    [0, pal.skyTop],
    [Math.max(0.2, (horizon / h) * 0.55), pal.skyMid],
    [horizon / h, pal.horizon],
    [1, pal.horizon],
  ]);
  svg.body.push(`<rect width="${w}" height="${h}" fill="${fill}"/>`);

  const starCount = Math.round(pal.stars * rng.range(350, 700) * Math.min(2.5, (w * h) / 2.2e6));
  if (starCount > 0) {
    const stars: string[] = [];
    for (let i = 0; i < starCount; i++) {
      const x = rng.range(0, w);
      const y = rng.range(0, horizon) * rng.range(0.3, 1);
      const r = Math.max(0.7, rng.range(0.5, 1.2) * ctx.u) * (rng.chance(0.05) ? 2 : 1);
      const o = rng.range(0.25, 1) * (1 - (y / horizon) * 0.6);
      stars.push(
        `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(r)}" fill-opacity="${o.toFixed(2)}"/>`,
      );
    }
    svg.body.push(`<g fill="#fffaf0">${stars.join("")}</g>`);
  }

  if (ctx.plan.time === "night" && !ctx.plan.aurora && rng.chance(0.6)) {
    // A milky-way band.
    const band = svg.radial([
      [0, "#d8d2ff", 0.16],
      [0.4, "#a8a6d8", 0.08],
      [1, "#9aa6d8", 0],
    ]);
    const angle = rng.range(-60, 60);
    const cx = w * rng.range(0.3, 0.7);
    const cy = horizon * 0.45;
    const length = Math.max(w, h) * 0.7;
    const dust: string[] = [];
    for (let i = 0; i < 400; i++) {
      const along = rng.range(-1, 1) * length * 0.8;
      const across = (rng.next() + rng.next() + rng.next() - 1.5) * h * 0.05;
      dust.push(
        `<circle cx="${f1(cx + along)}" cy="${f1(cy + across)}" r="${f1(Math.max(0.6, ctx.u * rng.range(0.4, 0.9)))}" fill-opacity="${rng.range(0.2, 0.7).toFixed(2)}"/>`,
      );
    }
    svg.body.push(
      `<g transform="rotate(${f1(angle)} ${f1(cx)} ${f1(cy)})"><ellipse cx="${f1(cx)}" cy="${f1(cy)}" rx="${f1(length)}" ry="${f1(h * 0.16)}" fill="${band}"/><g fill="#f4f0ff">${dust.join("")}</g></g>`,
    );
  }

  if (ctx.plan.aurora) drawAurora(ctx);

  if (pal.sunVisible || ctx.plan.time === "dusk" || ctx.plan.time === "midday") {
    const glowR = Math.max(w, h) * (pal.sunVisible ? 0.45 : 0.6);
    const glow = svg.radial([
      [0, pal.sun, ctx.plan.time === "midday" ? 0.35 : 0.75],
      [0.25, pal.sun, 0.3],
      [1, pal.sun, 0],
    ]);
    svg.body.push(
      `<circle cx="${f1(ctx.sunX)}" cy="${f1(ctx.sunY)}" r="${f1(glowR)}" fill="${glow}"/>`,
    );
    if (pal.sunVisible) {
      svg.body.push(
        `<circle cx="${f1(ctx.sunX)}" cy="${f1(ctx.sunY)}" r="${f1(Math.min(w, h) * 0.022)}" fill="${mix(pal.sun, "#ffffff", 0.6)}"/>`,
      );
    }
  }
  if (pal.moon && !(ctx.plan.aurora && rng.chance(0.5))) {
    const mx = w * rng.range(0.15, 0.85);
    const my = horizon * rng.range(0.15, 0.5);
    const r = Math.min(w, h) * rng.range(0.014, 0.024);
    const glow = svg.radial([
      [0, "#dfe6ff", 0.35],
      [1, "#dfe6ff", 0],
    ]);
    svg.body.push(
      `<circle cx="${f1(mx)}" cy="${f1(my)}" r="${f1(r * 9)}" fill="${glow}"/>`,
      `<circle cx="${f1(mx)}" cy="${f1(my)}" r="${f1(r)}" fill="#f4f1e4"/>`,
      `<circle cx="${f1(mx - r * 0.3)}" cy="${f1(my - r * 0.2)}" r="${f1(r * 0.28)}" fill="#d8d4c4" fill-opacity="0.6"/>`,
      `<circle cx="${f1(mx + r * 0.35)}" cy="${f1(my + r * 0.3)}" r="${f1(r * 0.18)}" fill="#d8d4c4" fill-opacity="0.5"/>`,
    );
  }
  drawClouds(ctx);
}

function drawAurora(ctx: SceneContext): void {
  const { svg, w, horizon, rng, u } = ctx;
  // A soft glow behind, then curtains of thin vertical rays along a wavy band.
  const glow = svg.linear([
    [0, "#3fe08f", 0],
    [0.7, "#3fe08f", 0.12],
    [1, "#3fe08f", 0.02],
  ]);
  svg.body.push(
    `<rect x="0" y="${f1(horizon * 0.2)}" width="${w}" height="${f1(horizon * 0.8)}" fill="${glow}"/>`,
  );
  const curtains = rng.int(2, 3);
  for (let c = 0; c < curtains; c++) {
    const ray = svg.linear([
      [0, rng.chance(0.4) ? "#c070e0" : "#5cf0a8", 0],
      [0.55, "#5cf0a8", 0.16],
      [0.9, "#46f09a", 0.42],
      [1, "#c8ffe0", 0],
    ]);
    const baseY = horizon * rng.range(0.5, 0.85);
    const amp = horizon * rng.range(0.06, 0.18);
    const phase = rng.range(0, Math.PI * 2);
    const freq = rng.range(1.2, 2.6);
    const height = horizon * rng.range(0.25, 0.45);
    const x0 = rng.range(-0.2, 0.3) * w;
    const x1 = x0 + rng.range(0.6, 1.2) * w;
    const rays: string[] = [];
    const count = Math.round(rng.range(70, 130));
    for (let i = 0; i < count; i++) {
      const t = i / count;
      const x = x0 + (x1 - x0) * t + rng.range(-1, 1) * w * 0.004;
      const y = baseY + Math.sin(t * Math.PI * freq + phase) * amp;
      const rw = w * rng.range(0.004, 0.014);
      const rh =
        height * rng.range(0.5, 1.2) * Math.sin(Math.PI * Math.min(1, Math.max(0, t)) ** 0.7);
      const o = rng.range(0.35, 1) * (0.5 + 0.5 * Math.sin(t * Math.PI * 7 + phase) ** 2);
      rays.push(
        `<rect x="${f1(x)}" y="${f1(y - rh)}" width="${f1(rw + u)}" height="${f1(rh)}" fill-opacity="${o.toFixed(2)}"/>`,
      );
    }
    svg.body.push(`<g fill="${ray}">${rays.join("")}</g>`);
  }
}

function drawClouds(ctx: SceneContext): void {
  const { svg, w, pal, horizon, rng } = ctx;
  const overcast = ctx.plan.time === "overcast";
  const count = overcast
    ? rng.int(16, 26)
    : ctx.plan.time === "night"
      ? rng.int(0, 3)
      : rng.int(2, 9);
  if (count === 0) return;
  const lightCloud = svg.radial([
    [0, mix(pal.cloud, "#ffffff", 0.2), overcast ? 0.75 : 0.85],
    [0.55, pal.cloud, overcast ? 0.5 : 0.45],
    [1, pal.cloud, 0],
  ]);
  const darkCloud = svg.radial([
    [0, shade(pal.cloud, 0.75), 0.7],
    [1, shade(pal.cloud, 0.75), 0],
  ]);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const cx = rng.range(-0.1, 1.1) * w;
    const cy = rng.range(0.05, overcast ? 0.85 : 0.7) * horizon;
    const size = rng.range(0.08, overcast ? 0.35 : 0.2) * w * (0.5 + cy / horizon);
    const puffs = rng.int(4, 9);
    for (let k = 0; k < puffs; k++) {
      const px = cx + rng.range(-1, 1) * size;
      const py = cy + rng.range(-0.25, 0.25) * size * 0.5;
      const rx = size * rng.range(0.45, 0.9);
      const ry = rx * rng.range(0.22, 0.4);
      parts.push(
        `<ellipse cx="${f1(px)}" cy="${f1(py)}" rx="${f1(rx)}" ry="${f1(ry)}" fill="${overcast && rng.chance(0.4) ? darkCloud : lightCloud}"/>`,
      );
    }
  }
  svg.body.push(`<g>${parts.join("")}</g>`);
}

/**
 * Light and shade on a jagged ridge: from each peak the slope facing away from the sun goes
 * darker, down to the next dip; thin gullies run down from the dips.
 */
function ridgeShading(
  ctx: SceneContext,
  ridge: Ridge,
  bottom: number,
  dark: string,
  distance: number,
): string {
  const { rng, sunX } = ctx;
  const pts = ridge.points;
  const y = (i: number) => (pts[Math.max(0, Math.min(pts.length - 1, i))] as Pt)[1];
  // Major peaks and dips only: extremes within a window of neighbours.
  const win = Math.max(2, Math.round(pts.length / 18));
  const isPeak = (i: number) => {
    for (let k = i - win; k <= i + win; k++) if (k !== i && y(k) < y(i)) return false;
    return true;
  };
  const shadows: string[] = [];
  const gullies: string[] = [];
  for (let i = 1; i < pts.length - 1; i++) {
    const [xp, yp] = pts[i] as Pt;
    if (isPeak(i)) {
      // From the peak, the slope facing away from the sun, down to the next dip.
      const dir = xp > sunX ? 1 : -1;
      let j = i;
      let low = i;
      while (j + dir >= 0 && j + dir < pts.length && Math.abs(j - i) < win * 3) {
        j += dir;
        if (y(j) >= y(low)) low = j;
        else if (y(low) - y(j) > (y(low) - yp) * 0.25) break;
      }
      const run = pts.slice(Math.min(i, low), Math.max(i, low) + 1);
      if (dir < 0) run.reverse();
      const [xm, ym] = run[run.length - 1] as Pt;
      const depth = (bottom - yp) * rng.range(0.35, 0.7);
      run.push([xm, Math.min(bottom, ym + (bottom - ym) * 0.35)]);
      run.push([xp + (xm - xp) * rng.range(0.3, 0.6), Math.min(bottom, yp + depth)]);
      shadows.push(`${polyline(run)}Z`);
    } else if (y(i) > y(i - 1) && y(i) >= y(i + 1) && rng.chance(0.35)) {
      const len = (bottom - yp) * rng.range(0.1, 0.35);
      const drift = rng.range(-0.3, 0.3) * len;
      gullies.push(
        `M${f1(xp)} ${f1(yp)}Q${f1(xp + drift)} ${f1(yp + len * 0.5)} ${f1(xp + drift * 0.6)} ${f1(yp + len)}`,
      );
    }
  }
  const opacity = (0.45 - distance * 0.25).toFixed(2);
  const fade = ctx.svg.linear([
    [0, dark, Number(opacity)],
    [0.6, dark, Number(opacity) * 0.6],
    [1, dark, 0],
  ]);
  return (
    `<path d="${shadows.join("")}" fill="${fade}"/>` +
    (gullies.length > 0
      ? `<path d="${gullies.join("")}" fill="none" stroke="${dark}" stroke-opacity="${(0.6 * Number(opacity)).toFixed(2)}" stroke-width="${f1(ctx.u * 1.2)}"/>`
      : "")
  );
}

/** Layered ridges from far to near; returns the nearest ridge. */
function drawRidges(
  ctx: SceneContext,
  bottom: number,
  opts: { layers: number; envelope?: (t: number) => number; peakHeight: number; mist: boolean },
): Ridge[] {
  const { svg, w, h, rng, plan, land } = ctx;
  const terrain = plan.place.terrain;
  const ridges: Ridge[] = [];
  const alpine = terrain === "alpine";
  const rolling = terrain === "rolling";
  for (let k = 0; k < opts.layers; k++) {
    const t = opts.layers === 1 ? 1 : k / (opts.layers - 1);
    const distance = 1 - t;
    const amp = h * opts.peakHeight * (1 - t * 0.55) * rng.range(0.8, 1.15);
    const base = bottom - h * 0.02 * distance;
    const ridge = makeRidge(rng, w, base, amp, {
      roughness: rolling ? 0.42 : alpine ? 0.6 : 0.52,
      segments: rolling ? 32 : 128,
      envelope: opts.envelope,
      sharpen: alpine && k === 0 ? 1.8 : 1.2,
    });
    ridges.push(ridge);
    const top = mix(land.rock, land.forest, rolling ? 0.6 : t * 0.7);
    const colTop = lit(ctx, mix(top, "#ffffff", 0.05), distance * 0.85);
    const colBottom = mix(
      lit(ctx, shade(top, 0.8), distance * 0.85),
      ctx.pal.haze,
      0.25 + distance * 0.3,
    );
    const fill = svg.linear([
      [0, colTop],
      [0.6, mix(colTop, colBottom, 0.6)],
      [1, colBottom],
    ]);
    // Closed at the bottom of the frame, so nothing of the sky shows through below.
    const outline = [...ridge.points, [w, h] as Pt, [0, h] as Pt];
    const d = rolling ? `${smooth(ridge.points)}L${w} ${h}L0 ${h}Z` : `${polyline(outline)}Z`;
    const parts = [`<path d="${d}" fill="${fill}"/>`];
    if (!rolling) parts.push(ridgeShading(ctx, ridge, bottom, shade(colTop, 0.7), distance));
    svg.body.push(parts.join(""));

    // Snow caps on the peaks above a snowline.
    if (land.snow > 0 && !rolling && k < opts.layers - 1) {
      const minY = Math.min(...ridge.points.map((p) => p[1]));
      const snowline = minY + (bottom - minY) * land.snow * rng.range(0.5, 0.9);
      const upper: Pt[] = [];
      const lower: Pt[] = [];
      for (const [x, y] of ridge.points) {
        upper.push([x, y]);
        const depth = Math.max(0, snowline - y) * rng.range(0.5, 1.0);
        lower.push([x, y + depth]);
      }
      const snow = lit(ctx, "#f4f7fb", distance * 0.6);
      svg.body.push(
        `<path d="${polyline([...upper, ...lower.reverse()])}Z" fill="${snow}" fill-opacity="${(0.85 - distance * 0.2).toFixed(2)}"/>`,
      );
    }
    if (opts.mist && k < opts.layers - 1) {
      const band = svg.linear([
        [0, ctx.pal.haze, 0],
        [0.6, mix(ctx.pal.haze, "#ffffff", 0.4), 0.55],
        [1, mix(ctx.pal.haze, "#ffffff", 0.4), 0],
      ]);
      const y = base - amp * 0.35;
      svg.body.push(
        `<rect x="0" y="${f1(y)}" width="${w}" height="${f1(amp * 0.45)}" fill="${band}"/>`,
      );
    }
  }
  return ridges;
}

function conifer(
  x: number,
  base: number,
  height: number,
  color: string,
  snow: string | null,
): string {
  const tiers = 4;
  const top = base - height;
  const crownBottom = base - height * 0.1;
  const right: Pt[] = [[x, top]];
  for (let j = 1; j <= tiers; j++) {
    const y = top + ((crownBottom - top) * j) / tiers;
    const half = height * (0.05 + (0.2 * j) / tiers);
    right.push([x + half, y]);
    if (j < tiers) right.push([x + half * 0.35, y - height * 0.03]);
  }
  const left = right
    .slice(1)
    .map(([px, py]): Pt => [2 * x - px, py])
    .reverse();
  const trunk = `M${f1(x - height * 0.025)} ${f1(crownBottom)}h${f1(height * 0.05)}V${f1(base)}h${f1(-height * 0.05)}Z`;
  let out = `<path d="${polyline([...right, ...left])}Z${trunk}" fill="${color}"/>`;
  if (snow) {
    const caps = right
      .filter((_, i) => i > 0 && i % 2 === 1)
      .map(([px, py]) => {
        const half = px - x;
        return `M${f1(x - half * 0.9)} ${f1(py - height * 0.02)}L${f1(x)} ${f1(py - height * 0.12)}L${f1(x + half * 0.9)} ${f1(py - height * 0.02)}Z`;
      })
      .join("");
    out += `<path d="${caps}" fill="${snow}" fill-opacity="0.8"/>`;
  }
  return out;
}

function deciduous(
  rng: Rng,
  x: number,
  base: number,
  height: number,
  trunk: string,
  crowns: readonly string[],
): string {
  let out = `<path d="M${f1(x - height * 0.03)} ${f1(base)}L${f1(x - height * 0.015)} ${f1(base - height * 0.55)}h${f1(height * 0.03)}L${f1(x + height * 0.03)} ${f1(base)}Z" fill="${trunk}"/>`;
  const puffs = rng.int(3, 6);
  for (let i = 0; i < puffs; i++) {
    const cx = x + rng.range(-0.22, 0.22) * height;
    const cy = base - height * rng.range(0.55, 0.85);
    const r = height * rng.range(0.16, 0.26);
    out += `<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(r)}" fill="${rng.pick(crowns)}"/>`;
  }
  return out;
}

/** Rows of trees on a ground line, far rows smaller and hazier. */
function drawTrees(
  ctx: SceneContext,
  ground: (x: number) => number,
  rows: number,
  density: number,
  scale = 1,
): void {
  const { rng, w, h, land, plan } = ctx;
  const winter = plan.season === "winter";
  const cherry = plan.place.features.includes("cherry");
  const parts: string[] = [];
  for (let r = 0; r < rows; r++) {
    const t = rows === 1 ? 1 : r / (rows - 1);
    const distance = (1 - t) * 0.6;
    const size = h * (0.05 + 0.07 * t) * scale;
    const count = Math.round((w / size) * density * rng.range(0.8, 1.2));
    const coniferColor = lit(ctx, shade(land.forest, 0.9 - 0.2 * t), distance);
    const snow = winter ? lit(ctx, "#eef3f8", distance) : null;
    const crowns = (
      cherry && plan.season === "spring" ? ["#f2c4d2", "#f7d7e0", "#e8a9bd"] : land.foliage
    ).map((c) => lit(ctx, c, distance));
    const trunk = lit(ctx, "#3b2e25", distance);
    const deciduousShare =
      plan.season === "autumn" || cherry ? 0.45 : plan.season === "winter" ? 0.05 : 0.2;
    for (let i = 0; i < count; i++) {
      const x = rng.range(-0.02, 1.02) * w;
      const s = size * rng.range(0.65, 1.3);
      const base = ground(x) + size * 0.15 * t + rng.range(0, size * 0.1);
      parts.push(
        rng.chance(deciduousShare)
          ? deciduous(rng, x, base, s * 0.85, trunk, crowns)
          : conifer(x, base, s, coniferColor, snow),
      );
    }
  }
  ctx.svg.body.push(`<g>${parts.join("")}</g>`);
}

/** Water from `top` down, mirroring `mirrorId` about `top`. */
function drawWater(ctx: SceneContext, top: number, mirrorId: string | null): void {
  const { svg, w, h, pal, land, rng } = ctx;
  const fill = svg.linear([
    [0, mix(pal.horizon, land.water, 0.35)],
    [0.5, mix(pal.skyMid, land.water, 0.55)],
    [1, shade(mix(pal.skyTop, land.water, 0.5), 0.8)],
  ]);
  svg.body.push(`<rect x="0" y="${f1(top)}" width="${w}" height="${f1(h - top)}" fill="${fill}"/>`);
  if (mirrorId) {
    const clip = svg.id("c");
    svg.defs.push(
      `<clipPath id="${clip}"><rect x="0" y="${f1(top)}" width="${w}" height="${f1(h - top)}"/></clipPath>`,
    );
    svg.body.push(
      `<g clip-path="url(#${clip})" opacity="${rng.range(0.55, 0.8).toFixed(2)}"><use href="#${mirrorId}" transform="matrix(1 0 0 -1 0 ${f1(2 * top)})"/></g>`,
    );
    // Darken the reflection slightly towards the viewer.
    const fade = svg.linear([
      [0, land.water, 0.05],
      [1, shade(land.water, 0.6), 0.45],
    ]);
    svg.body.push(
      `<rect x="0" y="${f1(top)}" width="${w}" height="${f1(h - top)}" fill="${fade}"/>`,
    );
  }
  // Ripples: thin light lines, longer and further apart towards the viewer.
  const ripples: string[] = [];
  const n = rng.int(60, 140);
  for (let i = 0; i < n; i++) {
    const t = Math.pow(rng.next(), 1.6);
    const y = top + (h - top) * t;
    const len = w * rng.range(0.02, 0.12) * (0.4 + t * 1.6);
    const x = rng.range(-0.05, 1) * w;
    const th = Math.max(0.8, ctx.u * (0.6 + t * 2.2));
    ripples.push(
      `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(len)}" height="${f1(th)}" fill-opacity="${rng.range(0.05, 0.2).toFixed(2)}"/>`,
    );
  }
  svg.body.push(`<g fill="${mix(pal.horizon, "#ffffff", 0.3)}">${ripples.join("")}</g>`);
  // Glitter under a low sun or the moon.
  if (pal.sunVisible && ctx.sunY < top) {
    const glints: string[] = [];
    for (let i = 0; i < 90; i++) {
      const t = rng.next();
      const y = top + (h - top) * t * t;
      const spread = w * (0.02 + 0.12 * t);
      const x = ctx.sunX + rng.range(-1, 1) * spread;
      glints.push(
        `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(w * rng.range(0.005, 0.03) * (0.5 + t))}" height="${f1(Math.max(1, ctx.u * (1 + t * 2)))}" fill-opacity="${rng.range(0.25, 0.7).toFixed(2)}"/>`,
      );
    }
    svg.body.push(`<g fill="${mix(pal.sun, "#ffffff", 0.5)}">${glints.join("")}</g>`);
  }
  svg.body.push(
    `<rect x="0" y="${f1(top - ctx.u)}" width="${w}" height="${f1(ctx.u * 1.5)}" fill="${mix(pal.horizon, "#ffffff", 0.4)}" fill-opacity="0.35"/>`,
  );
}

const HOUSE_COLORS = [
  "#9e2a22",
  "#b8402c",
  "#c9953a",
  "#e8e2d6",
  "#d8b443",
  "#7a2420",
  "#5a7a8c",
  "#e9d7b0",
];

function drawHouses(
  ctx: SceneContext,
  ground: number,
  opts: { red: boolean; count: number; stilts: boolean; x0: number; x1: number },
): string {
  const { rng, w, h, pal } = ctx;
  const parts: string[] = [];
  let x = opts.x0 * w;
  const end = opts.x1 * w;
  const lit_ = pal.windowsLit;
  for (let i = 0; i < opts.count && x < end; i++) {
    const hw = w * rng.range(0.025, 0.05);
    const bodyH = hw * rng.range(0.7, 1.3);
    const roofH = hw * rng.range(0.35, 0.6);
    const base = ground - (opts.stilts ? h * 0.01 : 0);
    const wall = lit(
      ctx,
      opts.red ? rng.pick(["#9e2a22", "#a8322a", "#8c241d", "#e6dfd2"]) : rng.pick(HOUSE_COLORS),
      0.05,
    );
    const roof = lit(ctx, rng.pick(["#2d2624", "#3b332e", "#4a3a2c", "#51545a"]), 0.05);
    parts.push(
      `<rect x="${f1(x)}" y="${f1(base - bodyH)}" width="${f1(hw)}" height="${f1(bodyH)}" fill="${wall}"/>`,
      `<path d="M${f1(x - hw * 0.06)} ${f1(base - bodyH)}L${f1(x + hw / 2)} ${f1(base - bodyH - roofH)}L${f1(x + hw * 1.06)} ${f1(base - bodyH)}Z" fill="${roof}"/>`,
    );
    // Windows.
    const cols = rng.int(2, 3);
    const rowsN = bodyH > hw ? 2 : 1;
    for (let r = 0; r < rowsN; r++) {
      for (let c = 0; c < cols; c++) {
        const wx = x + hw * (0.15 + (0.7 * (c + 0.5)) / cols) - hw * 0.06;
        const wy = base - bodyH + bodyH * (0.2 + r * 0.4);
        const on = rng.chance(lit_);
        parts.push(
          `<rect x="${f1(wx)}" y="${f1(wy)}" width="${f1(hw * 0.12)}" height="${f1(bodyH * 0.18)}" fill="${on ? "#ffd27a" : shade(wall, 0.45)}"/>`,
        );
      }
    }
    if (opts.stilts) {
      parts.push(
        `<rect x="${f1(x + hw * 0.1)}" y="${f1(base)}" width="${f1(hw * 0.8)}" height="${f1(h * 0.012)}" fill="${shade(wall, 0.35)}"/>`,
      );
    }
    x += hw * rng.range(1.05, 1.6);
  }
  return parts.join("");
}

function drawSkyline(ctx: SceneContext, ground: number): string {
  const { rng, w, h, pal, plan } = ctx;
  const features = plan.place.features;
  const parts: string[] = [];
  const baseColor = lit(
    ctx,
    plan.time === "night" || plan.time === "blue" ? "#1c2230" : "#4a505a",
    0.15,
  );
  let x = -w * 0.02;
  while (x < w) {
    const bw = w * rng.range(0.025, features.includes("modern") ? 0.07 : 0.045);
    const tall = features.includes("modern") && rng.chance(0.3);
    const bh = h * (tall ? rng.range(0.12, 0.25) : rng.range(0.04, 0.11));
    const color = mix(baseColor, rng.chance(0.5) ? "#000000" : pal.haze, rng.range(0, 0.25));
    parts.push(
      `<rect x="${f1(x)}" y="${f1(ground - bh)}" width="${f1(bw)}" height="${f1(bh)}" fill="${color}"/>`,
    );
    if (!tall && rng.chance(0.5)) {
      parts.push(
        `<path d="M${f1(x)} ${f1(ground - bh)}L${f1(x + bw / 2)} ${f1(ground - bh - bw * 0.4)}L${f1(x + bw)} ${f1(ground - bh)}Z" fill="${shade(color, 0.85)}"/>`,
      );
    }
    // Lit windows only: few elements, lots of life.
    const cols = Math.max(2, Math.floor(bw / (w * 0.006)));
    const rowsN = Math.max(2, Math.floor(bh / (h * 0.012)));
    const winW = (bw / cols) * 0.45;
    const winH = (bh / rowsN) * 0.4;
    const lights: string[] = [];
    for (let r = 0; r < rowsN; r++) {
      for (let c = 0; c < cols; c++) {
        if (!rng.chance(pal.windowsLit * 0.8)) continue;
        lights.push(
          `<rect x="${f1(x + (bw / cols) * (c + 0.28))}" y="${f1(ground - bh + (bh / rowsN) * (r + 0.3))}" width="${f1(winW * 0.8)}" height="${f1(winH * 0.8)}" fill-opacity="${rng.range(0.35, 0.95).toFixed(2)}"/>`,
        );
      }
    }
    if (lights.length > 0) {
      parts.push(
        `<g fill="${rng.pick(["#ffd27a", "#ffe3a3", "#fff1cf", "#ffc061"])}">${lights.join("")}</g>`,
      );
    }
    x += bw * rng.range(0.85, 1.05);
  }
  if (features.includes("church")) {
    const cx = w * rng.range(0.2, 0.8);
    const tw = w * 0.018;
    const th = h * rng.range(0.16, 0.24);
    parts.push(
      `<rect x="${f1(cx - tw / 2)}" y="${f1(ground - th)}" width="${f1(tw)}" height="${f1(th)}" fill="${shade(baseColor, 0.9)}"/>`,
      `<path d="M${f1(cx - tw * 0.6)} ${f1(ground - th)}L${f1(cx)} ${f1(ground - th - tw * 3)}L${f1(cx + tw * 0.6)} ${f1(ground - th)}Z" fill="${shade(baseColor, 0.8)}"/>`,
    );
  }
  if (features.includes("pagoda"))
    parts.push(drawPagoda(ctx, w * rng.range(0.2, 0.8), ground, h * 0.28));
  return parts.join("");
}

function drawPagoda(ctx: SceneContext, x: number, base: number, height: number): string {
  const tiers = 5;
  const color = lit(ctx, "#3a2a24", 0.1);
  const body = lit(ctx, "#b8452c", 0.1);
  let out = "";
  const tierH = height / (tiers + 0.8);
  for (let i = 0; i < tiers; i++) {
    const y = base - i * tierH;
    const bw = height * (0.3 - i * 0.035);
    out += `<rect x="${f1(x - bw / 2)}" y="${f1(y - tierH * 0.7)}" width="${f1(bw)}" height="${f1(tierH * 0.7)}" fill="${body}"/>`;
    const rw = bw * 1.45;
    out += `<path d="M${f1(x - rw / 2)} ${f1(y - tierH * 0.62)}Q${f1(x - rw * 0.3)} ${f1(y - tierH * 0.72)} ${f1(x - bw * 0.35)} ${f1(y - tierH * 0.98)}L${f1(x + bw * 0.35)} ${f1(y - tierH * 0.98)}Q${f1(x + rw * 0.3)} ${f1(y - tierH * 0.72)} ${f1(x + rw / 2)} ${f1(y - tierH * 0.62)}Z" fill="${color}"/>`;
  }
  out += `<rect x="${f1(x - height * 0.006)}" y="${f1(base - height)}" width="${f1(height * 0.012)}" height="${f1(height * 0.25)}" fill="${color}"/>`;
  return out;
}

function drawLighthouse(ctx: SceneContext, x: number, base: number, height: number): string {
  const wall = lit(ctx, "#f2efe8", 0.1);
  const lamp = ctx.pal.windowsLit > 0.2 ? "#fff1b0" : lit(ctx, "#3a3a3a", 0.1);
  const bw = height * 0.22;
  return (
    `<path d="M${f1(x - bw / 2)} ${f1(base)}L${f1(x - bw * 0.35)} ${f1(base - height)}h${f1(bw * 0.7)}L${f1(x + bw / 2)} ${f1(base)}Z" fill="${wall}"/>` +
    `<rect x="${f1(x - bw * 0.3)}" y="${f1(base - height * 1.15)}" width="${f1(bw * 0.6)}" height="${f1(height * 0.15)}" fill="${lamp}"/>` +
    `<path d="M${f1(x - bw * 0.4)} ${f1(base - height * 1.15)}L${f1(x)} ${f1(base - height * 1.3)}L${f1(x + bw * 0.4)} ${f1(base - height * 1.15)}Z" fill="${lit(ctx, "#3a2c2a", 0.1)}"/>`
  );
}

function drawBamboo(ctx: SceneContext): void {
  const { svg, rng, w, h, pal } = ctx;
  const layers = 3;
  for (let l = 0; l < layers; l++) {
    const distance = 1 - l / (layers - 1);
    const stalks = rng.int(14, 24);
    const base = lit(ctx, l === layers - 1 ? "#4f7a2a" : "#6f9b3c", distance * 0.8);
    const fill = svg.linear(
      [
        [0, shade(base, 0.75)],
        [0.45, mix(base, "#ffffff", 0.12)],
        [1, shade(base, 0.7)],
      ],
      false,
    );
    const parts: string[] = [];
    for (let i = 0; i < stalks; i++) {
      const x = rng.range(-0.05, 1.05) * w;
      const sw = w * (0.008 + 0.018 * (1 - distance)) * rng.range(0.7, 1.3);
      const lean = rng.range(-0.04, 0.04) * w;
      parts.push(
        `<path d="M${f1(x)} ${f1(h)}L${f1(x + lean)} 0h${f1(sw)}L${f1(x + sw)} ${f1(h)}Z" fill="${fill}"/>`,
      );
      const nodes = rng.int(5, 9);
      for (let k = 1; k < nodes; k++) {
        const y = (h * k) / nodes + rng.range(-0.02, 0.02) * h;
        const dx = lean * (1 - y / h);
        parts.push(
          `<rect x="${f1(x + dx - sw * 0.05)}" y="${f1(y)}" width="${f1(sw * 1.1)}" height="${f1(Math.max(1, sw * 0.12))}" fill="${shade(base, 0.55)}"/>`,
        );
      }
      // Leaves near the top.
      for (let k = 0; k < rng.int(4, 10); k++) {
        const ly = rng.range(0, h * 0.45);
        const lx = x + lean * (1 - ly / h) + rng.range(-1, 1) * w * 0.04;
        parts.push(
          `<ellipse cx="${f1(lx)}" cy="${f1(ly)}" rx="${f1(w * rng.range(0.012, 0.03))}" ry="${f1(h * 0.004)}" fill="${mix(base, "#c8e07a", 0.25)}" transform="rotate(${f1(rng.range(-35, 35))} ${f1(lx)} ${f1(ly)})"/>`,
        );
      }
    }
    svg.body.push(`<g>${parts.join("")}</g>`);
    if (l < layers - 1) {
      svg.body.push(
        `<rect width="${w}" height="${h}" fill="${mix(pal.haze, "#eaf2d0", 0.4)}" fill-opacity="${(0.18 + 0.1 * distance).toFixed(2)}"/>`,
      );
    }
  }
  // Shafts of light.
  for (let i = 0; i < rng.int(2, 4); i++) {
    const x = rng.range(0.1, 0.9) * w;
    const sw = w * rng.range(0.03, 0.08);
    const fill = svg.linear([
      [0, "#fff8d8", 0.35],
      [1, "#fff8d8", 0],
    ]);
    svg.body.push(
      `<path d="M${f1(x)} 0h${f1(sw)}L${f1(x + sw * 3 + w * 0.2)} ${f1(h)}h${f1(-sw * 4)}Z" fill="${fill}"/>`,
    );
  }
}

/* --- the scene kinds --- */

function sceneFjordOrLake(ctx: SceneContext, fjord: boolean): void {
  const { svg, w, h, rng, plan, horizon } = ctx;
  const land = svg.id("land");
  const before = svg.body.length;
  const centre = rng.range(0.35, 0.65);
  const envelope = fjord
    ? (t: number) => 0.25 + 0.95 * Math.min(1, Math.pow(Math.abs(t - centre) / 0.5, 1.3))
    : (t: number) => 0.6 + 0.4 * Math.sin(t * Math.PI * rng.range(0.8, 1.6) + centre * 3) ** 2;
  const ridges = drawRidges(ctx, horizon, {
    layers: rng.int(3, 5),
    envelope,
    peakHeight: fjord ? rng.range(0.3, 0.42) : rng.range(0.18, 0.3),
    mist: plan.mist,
  });
  const near = ridges[ridges.length - 1] as Ridge;
  const f = plan.place.features;
  if (f.includes("rorbu") || (f.includes("gabled") && rng.chance(0.6))) {
    const x0 = rng.range(0.05, 0.5);
    svg.body.push(
      drawHouses(ctx, horizon, {
        red: f.includes("rorbu"),
        count: rng.int(4, 9),
        stilts: true,
        x0,
        x1: x0 + 0.4,
      }),
    );
  } else if (!fjord || rng.chance(0.5)) {
    drawTrees(ctx, (x) => Math.max(near.at(x), horizon - h * 0.02), 1, 0.5, 0.5);
  }
  if (f.includes("church") && !fjord) {
    // An island with a church, as at Bled.
    const cx = w * rng.range(0.3, 0.7);
    const iw = w * 0.12;
    svg.body.push(
      `<ellipse cx="${f1(cx)}" cy="${f1(horizon)}" rx="${f1(iw / 2)}" ry="${f1(h * 0.03)}" fill="${lit(ctx, ctx.land.forest, 0.1)}"/>`,
      `<rect x="${f1(cx - iw * 0.1)}" y="${f1(horizon - h * 0.07)}" width="${f1(iw * 0.2)}" height="${f1(h * 0.05)}" fill="${lit(ctx, "#efe9dc", 0.1)}"/>`,
      `<rect x="${f1(cx + iw * 0.08)}" y="${f1(horizon - h * 0.12)}" width="${f1(iw * 0.06)}" height="${f1(h * 0.1)}" fill="${lit(ctx, "#efe9dc", 0.1)}"/>`,
      `<path d="M${f1(cx + iw * 0.07)} ${f1(horizon - h * 0.12)}L${f1(cx + iw * 0.11)} ${f1(horizon - h * 0.16)}L${f1(cx + iw * 0.15)} ${f1(horizon - h * 0.12)}Z" fill="${lit(ctx, "#6a3d2c", 0.1)}"/>`,
    );
  }
  // Everything drawn so far above the water is the land the water mirrors.
  const landParts = svg.body.splice(before);
  svg.defs.push(`<g id="${land}">${landParts.join("")}</g>`);
  svg.body.push(`<use href="#${land}"/>`);
  drawWater(ctx, horizon, land);
  if (plan.place.features.includes("glacier") && rng.chance(0.6)) {
    // Floating ice.
    const parts: string[] = [];
    for (let i = 0; i < rng.int(4, 10); i++) {
      const y = horizon + (h - horizon) * rng.range(0.05, 0.6);
      const s = w * rng.range(0.01, 0.04) * (1 + (y - horizon) / (h - horizon));
      const x = rng.range(0, 1) * w;
      parts.push(
        `<path d="M${f1(x)} ${f1(y)}l${f1(s * 0.3)} ${f1(-s * 0.5)}l${f1(s * 0.5)} ${f1(s * 0.1)}l${f1(s * 0.3)} ${f1(s * 0.4)}Z" fill="${lit(ctx, "#cfe8f5", 0.1)}"/>`,
      );
    }
    svg.body.push(parts.join(""));
  }
  // Foreground shore on one side.
  if (rng.chance(0.55)) {
    const side = rng.chance(0.5);
    const fg = makeRidge(rng, w, h, h * rng.range(0.08, 0.16), {
      roughness: 0.5,
      segments: 32,
      envelope: (t) => Math.max(0, side ? 1 - t * 2.2 : t * 2.2 - 1.2),
    });
    const color = lit(ctx, shade(ctx.land.rock, 0.6), 0);
    svg.body.push(`<path d="${smooth(fg.points)}L${w} ${h}L0 ${h}Z" fill="${color}"/>`);
  }
}

function sceneMountains(ctx: SceneContext): void {
  const { w, h, rng, plan, horizon, svg, land } = ctx;
  const ridges = drawRidges(ctx, horizon + h * 0.12, {
    layers: rng.int(4, 6),
    peakHeight: rng.range(0.3, 0.45),
    mist: plan.mist,
  });
  // Foreground meadow or rock slope.
  const near = ridges[ridges.length - 1] as Ridge;
  const fg = makeRidge(rng, w, h * rng.range(0.92, 1), h * rng.range(0.12, 0.22), {
    roughness: 0.45,
    segments: 32,
  });
  const ground = lit(
    ctx,
    plan.season === "winter" ? land.grass : mix(land.grass, land.rock, 0.3),
    0,
  );
  const fill = svg.linear([
    [0, ground],
    [1, shade(ground, 0.6)],
  ]);
  svg.body.push(`<path d="${smooth(fg.points)}L${w} ${h}L0 ${h}Z" fill="${fill}"/>`);
  if (rng.chance(0.6)) drawTrees(ctx, (x) => fg.at(x), 1, 0.35, 0.9);
  if (plan.place.features.includes("church") && rng.chance(0.7)) {
    const x = w * rng.range(0.2, 0.8);
    const y = Math.max(near.at(x), fg.at(x) - h * 0.02);
    svg.body.push(
      drawHouses(ctx, y, { red: false, count: 1, stilts: false, x0: x / w, x1: x / w + 0.1 }),
    );
    svg.body.push(
      `<rect x="${f1(x + w * 0.05)}" y="${f1(y - h * 0.11)}" width="${f1(w * 0.012)}" height="${f1(h * 0.11)}" fill="${lit(ctx, "#ece6d8", 0)}"/>`,
      `<path d="M${f1(x + w * 0.048)} ${f1(y - h * 0.11)}L${f1(x + w * 0.056)} ${f1(y - h * 0.16)}L${f1(x + w * 0.064)} ${f1(y - h * 0.11)}Z" fill="${lit(ctx, "#7a3b28", 0)}"/>`,
    );
  }
}

function sceneForest(ctx: SceneContext): void {
  const { w, h, rng, plan, horizon, svg } = ctx;
  if (plan.place.features.includes("bamboo") && rng.chance(0.7)) {
    drawBamboo(ctx);
    return;
  }
  const ridges = drawRidges(ctx, horizon, {
    layers: rng.int(2, 3),
    peakHeight: 0.15,
    mist: plan.mist,
  });
  const near = ridges[ridges.length - 1] as Ridge;
  drawTrees(ctx, (x) => near.at(x) + h * 0.02, 2, 0.9, 0.8);
  const groundTop = horizon + h * 0.04;
  const ground = lit(
    ctx,
    plan.season === "winter" ? ctx.land.grass : shade(ctx.land.grass, 0.8),
    0,
  );
  const groundFill = svg.linear([
    [0, mix(ground, ctx.pal.haze, 0.25)],
    [0.4, ground],
    [1, shade(ground, 0.55)],
  ]);
  svg.body.push(
    `<rect x="0" y="${f1(groundTop)}" width="${w}" height="${f1(h - groundTop)}" fill="${groundFill}"/>`,
  );
  // Dappled light and shade on the forest floor, flattened by perspective.
  const patches: string[] = [];
  for (let i = 0; i < 40; i++) {
    const t = rng.next();
    const y = groundTop + (h - groundTop) * t;
    const rx = w * rng.range(0.02, 0.1) * (0.3 + t);
    patches.push(
      `<ellipse cx="${f1(rng.range(0, w))}" cy="${f1(y)}" rx="${f1(rx)}" ry="${f1(rx * 0.18)}" fill="${rng.chance(0.5) ? "#000000" : ctx.pal.sun}" fill-opacity="${rng.range(0.04, 0.12).toFixed(2)}"/>`,
    );
  }
  svg.body.push(patches.join(""));
  if (plan.place.features.includes("pagoda") && rng.chance(0.6)) {
    svg.body.push(drawPagoda(ctx, w * rng.range(0.25, 0.75), groundTop + h * 0.02, h * 0.3));
  }
  drawTrees(ctx, (x) => groundTop + h * 0.15 + Math.sin((x / w) * 5) * h * 0.03, 2, 0.6, 1.8);
  if (plan.mist || plan.time === "morning" || plan.time === "golden") {
    for (let i = 0; i < rng.int(2, 5); i++) {
      const x = rng.range(0, 1) * w;
      const fill = svg.linear([
        [0, ctx.pal.sun, 0.3],
        [1, ctx.pal.sun, 0],
      ]);
      svg.body.push(
        `<path d="M${f1(x)} 0h${f1(w * 0.04)}L${f1(x + w * 0.3)} ${f1(h)}h${f1(-w * 0.12)}Z" fill="${fill}"/>`,
      );
    }
  }
}

function sceneCity(ctx: SceneContext): void {
  const { w, h, rng, plan, horizon, svg } = ctx;
  drawRidges(ctx, horizon - h * 0.01, {
    layers: rng.int(1, 2),
    peakHeight: rng.range(0.08, 0.18),
    mist: false,
  });
  const f = plan.place.features;
  const harbor = f.includes("harbor");
  const waterTop = horizon + h * (harbor ? 0.03 : 0.2);
  const land = svg.id("land");
  const before = svg.body.length;
  const skyline = drawSkyline(ctx, waterTop);
  svg.body.push(skyline);
  if (f.includes("gabled") && rng.chance(0.7)) {
    svg.body.push(
      drawHouses(ctx, waterTop, {
        red: false,
        count: 40,
        stilts: false,
        x0: rng.range(0, 0.3),
        x1: 1,
      }),
    );
  }
  const parts = svg.body.splice(before);
  svg.defs.push(`<g id="${land}">${parts.join("")}</g>`);
  svg.body.push(`<use href="#${land}"/>`);
  if (harbor) {
    drawWater(ctx, waterTop, land);
  } else {
    // Seen from a hill over the rooftops: a park slope in front.
    const slope = makeRidge(rng, w, h, (h - waterTop) * rng.range(0.3, 0.6), {
      roughness: 0.4,
      segments: 8,
    });
    const ground = lit(
      ctx,
      plan.season === "winter" ? ctx.land.grass : shade(ctx.land.grass, 0.7),
      0,
    );
    const fill = svg.linear([
      [0, ground],
      [1, shade(ground, 0.6)],
    ]);
    svg.body.push(`<path d="${smooth(slope.points)}L${w} ${h}L0 ${h}Z" fill="${fill}"/>`);
    drawTrees(ctx, (x) => slope.at(x) + h * 0.01, 2, 0.45, 1.4);
  }
}

function sceneFields(ctx: SceneContext): void {
  const { w, h, rng, plan, horizon, svg, land } = ctx;
  const f = plan.place.features;
  drawRidges(ctx, horizon, {
    layers: rng.int(1, 3),
    peakHeight: rng.range(0.05, 0.25),
    mist: plan.mist,
  });
  const fieldColors: Record<Season, readonly string[]> = {
    winter: ["#e8edf2", "#d9e0e6", "#c9d0d4"],
    spring: ["#7fae4e", "#9cc05c", "#b7c96a", "#6c9a3f"],
    summer: ["#d7b955", "#8cab45", "#c6a245", "#6f9a3a"],
    autumn: ["#b08a4a", "#8c6f3f", "#a99a55", "#6d7a3d"],
  };
  const withRows = f.includes("lavender") || f.includes("vineyard") || rng.chance(0.4);
  const hills = rng.int(3, 5);
  let prev = horizon;
  for (let i = 0; i < hills; i++) {
    const t = (i + 1) / hills;
    const last = i === hills - 1;
    const base = horizon + (h - horizon) * (0.06 + (withRows ? 0.45 : 0.7) * t);
    const ridge = makeRidge(rng, w, base, Math.max(h * 0.02, (base - prev) * rng.range(0.8, 1.5)), {
      roughness: 0.4,
      segments: 8,
    });
    const shape = `${smooth(ridge.points)}L${w} ${h}L0 ${h}Z`;
    const color = lit(ctx, rng.pick(fieldColors[plan.season]), (1 - t) * 0.4);
    const fill = svg.linear([
      [0, mix(color, "#ffffff", 0.08)],
      [1, shade(color, 0.75)],
    ]);
    svg.body.push(`<path d="${shape}" fill="${fill}"/>`);
    if (last && withRows) {
      drawRows(ctx, shape, ridge.at(w / 2), horizon);
      break;
    }
    // Furrows following the contour.
    const furrows: string[] = [];
    for (let k = 1; k < 6; k++) {
      const off = (h - base) * 0.012 * k * k + h * 0.004 * k;
      furrows.push(smooth(ridge.points.map(([x, y]): Pt => [x, y + off])));
    }
    svg.body.push(
      `<path d="${furrows.join("")}" fill="none" stroke="${shade(color, 0.7)}" stroke-opacity="0.35" stroke-width="${f1(ctx.u * (1 + t * 2))}"/>`,
    );
    if (f.includes("cypress") && rng.chance(0.7)) {
      const x0 = rng.range(0.1, 0.7) * w;
      const trees: string[] = [];
      for (let k = 0; k < rng.int(5, 11); k++) {
        const x = x0 + k * w * 0.025 * (0.5 + t);
        const y = ridge.at(x) + h * 0.004;
        const th = h * 0.08 * (0.5 + t);
        trees.push(
          `<ellipse cx="${f1(x)}" cy="${f1(y - th / 2)}" rx="${f1(th * 0.13)}" ry="${f1(th / 2)}" fill="${lit(ctx, "#1f3a22", (1 - t) * 0.4)}"/>`,
        );
      }
      svg.body.push(trees.join(""));
    } else if (rng.chance(0.35)) {
      const x = rng.range(0.1, 0.9) * w;
      svg.body.push(
        deciduous(
          rng,
          x,
          ridge.at(x) + h * 0.005,
          h * 0.08 * (0.5 + t),
          lit(ctx, "#3b2e25", 0),
          land.foliage.map((c) => lit(ctx, c, 0)),
        ),
      );
    }
    prev = base;
  }
}

/** Rows (lavender, vines, crops) running towards a vanishing point, inside `shape`. */
function drawRows(ctx: SceneContext, shape: string, top: number, horizon: number): void {
  const { w, h, rng, plan, svg, land } = ctx;
  const f = plan.place.features;
  const lavender = f.includes("lavender") && plan.season === "summer";
  const rowColor = lit(
    ctx,
    lavender ? "#7b5ea7" : f.includes("vineyard") ? "#4b6b2e" : shade(land.grass, 0.8),
    0,
  );
  const gapColor = lit(
    ctx,
    lavender ? "#7a8a3c" : plan.season === "winter" ? "#c9d0d6" : "#8a7452",
    0,
  );
  const vx = w * rng.range(0.3, 0.7);
  const vy = Math.min(horizon, top - h * 0.05);
  const clip = svg.id("c");
  svg.defs.push(`<clipPath id="${clip}"><path d="${shape}"/></clipPath>`);
  const rows: string[] = [
    `<rect x="0" y="${f1(top - h * 0.1)}" width="${w}" height="${f1(h)}" fill="${gapColor}"/>`,
  ];
  const spacing = w * rng.range(0.06, 0.1);
  const n = Math.ceil((w * 3) / spacing);
  for (let i = -n; i <= n; i++) {
    const x0 = vx + i * spacing;
    const x1 = x0 + spacing * 0.55;
    rows.push(
      `<path d="M${f1(x0)} ${f1(h)}L${f1(vx + (x0 - vx) * 0.01)} ${f1(vy)}L${f1(vx + (x1 - vx) * 0.01)} ${f1(vy)}L${f1(x1)} ${f1(h)}Z" fill="${rowColor}"/>`,
    );
  }
  const haze = svg.linear([
    [0, ctx.pal.haze, 0.55],
    [0.35, ctx.pal.haze, 0],
  ]);
  rows.push(`<rect x="0" y="${f1(top - h * 0.1)}" width="${w}" height="${f1(h)}" fill="${haze}"/>`);
  svg.body.push(`<g clip-path="url(#${clip})">${rows.join("")}</g>`);
}

function sceneCoast(ctx: SceneContext): void {
  const { w, h, rng, plan, horizon, svg, pal } = ctx;
  const f = plan.place.features;
  const land = svg.id("land");
  const before = svg.body.length;
  // A headland on one side.
  const left = rng.chance(0.5);
  const reach = rng.range(1.8, 2.6);
  const headland = makeRidge(rng, w, horizon, h * rng.range(0.12, 0.25), {
    roughness: 0.45,
    segments: 64,
    envelope: (t) => Math.max(0, left ? 1 - t * reach : t * reach - (reach - 1)),
  });
  const rock = lit(ctx, shade(ctx.land.rock, 0.8), 0.3);
  const grassTop = plan.season === "winter" ? "#e6ecf2" : ctx.land.grass;
  const fill = svg.linear([
    [0, lit(ctx, grassTop, 0.3)],
    [0.25, rock],
    [1, shade(rock, 0.7)],
  ]);
  svg.body.push(
    `<path d="${polyline(headland.points)}L${w} ${f1(horizon)}L0 ${f1(horizon)}Z" fill="${fill}"/>`,
  );
  if (f.includes("lighthouse")) {
    let best = 0;
    for (let x = 0; x < w; x += w / 64) if (headland.at(x) < headland.at(best)) best = x;
    svg.body.push(drawLighthouse(ctx, best, headland.at(best) + h * 0.01, h * 0.06));
  }
  if (f.includes("stacks")) {
    for (let i = 0; i < rng.int(2, 4); i++) {
      const x = w * (left ? rng.range(0.25, 0.55) : rng.range(0.45, 0.75));
      const sh = h * rng.range(0.06, 0.16);
      const sw = w * rng.range(0.015, 0.04);
      svg.body.push(
        `<path d="M${f1(x - sw)} ${f1(horizon)}L${f1(x - sw * 0.5)} ${f1(horizon - sh * 0.8)}L${f1(x)} ${f1(horizon - sh)}L${f1(x + sw * 0.4)} ${f1(horizon - sh * 0.7)}L${f1(x + sw)} ${f1(horizon)}Z" fill="${shade(rock, 0.8)}"/>`,
      );
    }
  }
  if (f.includes("rorbu") || f.includes("gabled")) {
    svg.body.push(
      drawHouses(ctx, horizon, {
        red: f.includes("rorbu"),
        count: rng.int(3, 7),
        stilts: true,
        x0: left ? 0.02 : 0.6,
        x1: left ? 0.4 : 0.98,
      }),
    );
  }
  const parts = svg.body.splice(before);
  svg.defs.push(`<g id="${land}">${parts.join("")}</g>`);
  svg.body.push(`<use href="#${land}"/>`);
  drawWater(ctx, horizon, rng.chance(0.5) ? land : null);
  // Beach and surf.
  const shore = makeRidge(rng, w, h * rng.range(0.82, 0.9), h * rng.range(0.04, 0.1), {
    roughness: 0.4,
    segments: 8,
  });
  const sand = lit(ctx, f.includes("blacksand") ? "#2b2b2e" : "#cdb68c", 0);
  const wet = mix(sand, pal.skyMid, 0.3);
  const beach = svg.linear([
    [0, wet],
    [0.25, sand],
    [1, shade(sand, 0.75)],
  ]);
  svg.body.push(`<path d="${smooth(shore.points)}L${w} ${h}L0 ${h}Z" fill="${beach}"/>`);
  const foam = lit(ctx, "#f4f6f4", 0.1);
  for (let k = 0; k < 3; k++) {
    const off = -h * 0.012 * k * k - h * 0.003;
    const pts = shore.points.map(([x, y]): Pt => [x, y + off + Math.sin(x * 0.01 + k) * h * 0.004]);
    svg.body.push(
      `<path d="${smooth(pts)}" fill="none" stroke="${foam}" stroke-opacity="${(0.7 - k * 0.2).toFixed(2)}" stroke-width="${f1(ctx.u * (4 - k))}"/>`,
    );
  }
}

function sceneNight(ctx: SceneContext): void {
  const { w, h, rng, plan, horizon, svg } = ctx;
  const land = svg.id("land");
  const before = svg.body.length;
  const ridges = drawRidges(ctx, horizon, {
    layers: rng.int(2, 3),
    peakHeight: rng.range(0.15, 0.3),
    mist: false,
  });
  const near = ridges[ridges.length - 1] as Ridge;
  // A cabin with a warm window.
  if (rng.chance(0.6)) {
    const x = rng.range(0.15, 0.8) * w;
    svg.body.push(
      drawHouses(ctx, Math.max(near.at(x), horizon - h * 0.005), {
        red: true,
        count: 1,
        stilts: false,
        x0: x / w,
        x1: x / w + 0.05,
      }),
    );
  }
  const parts = svg.body.splice(before);
  svg.defs.push(`<g id="${land}">${parts.join("")}</g>`);
  svg.body.push(`<use href="#${land}"/>`);
  if (plan.season === "winter" && rng.chance(0.5)) {
    const snow = lit(ctx, "#dfe7f2", 0);
    const fill = svg.linear([
      [0, snow],
      [1, shade(snow, 0.6)],
    ]);
    svg.body.push(
      `<rect x="0" y="${f1(horizon)}" width="${w}" height="${f1(h - horizon)}" fill="${fill}"/>`,
    );
    drawTrees(ctx, (x) => h * 0.95 + Math.sin((x / w) * 7) * h * 0.02, 1, 0.25, 1.4);
  } else {
    drawWater(ctx, horizon, land);
  }
}

function renderScene(plan: PhotoPlan, w: number, h: number): string {
  const rng = plan.rng;
  const pal = paletteFor(plan.time, rng);
  const svg = new Svg();
  const horizonFraction: Record<SceneKind, [number, number]> = {
    fjord: [0.56, 0.66],
    lake: [0.55, 0.65],
    mountains: [0.6, 0.7],
    forest: [0.5, 0.6],
    city: [0.6, 0.7],
    fields: [0.45, 0.58],
    coast: [0.48, 0.6],
    night: [0.68, 0.78],
  };
  const [lo, hi] = horizonFraction[plan.kind];
  const horizon = h * rng.range(lo, hi);
  const sunX = w * rng.range(0.15, 0.85);
  const sunY = pal.sunVisible
    ? horizon - h * (0.03 + pal.sunHeight * 0.6) * rng.range(0.7, 1.2)
    : plan.time === "midday"
      ? -h * 0.1
      : horizon;
  const ctx: SceneContext = {
    plan,
    rng,
    svg,
    w,
    h,
    u: Math.max(w, h) / 1800,
    pal,
    land: landFor(plan.season, plan.place.terrain),
    horizon,
    sunX,
    sunY,
  };
  drawSky(ctx);
  switch (plan.kind) {
    case "fjord":
      sceneFjordOrLake(ctx, true);
      break;
    case "lake":
      sceneFjordOrLake(ctx, false);
      break;
    case "mountains":
      sceneMountains(ctx);
      break;
    case "forest":
      sceneForest(ctx);
      break;
    case "city":
      sceneCity(ctx);
      break;
    case "fields":
      sceneFields(ctx);
      break;
    case "coast":
      sceneCoast(ctx);
      break;
    case "night":
      sceneNight(ctx);
      break;
  }
  // Light grading and a vignette.
  if (pal.tintAmount > 0.1) {
    svg.body.push(
      `<rect width="${w}" height="${h}" fill="${pal.tint}" fill-opacity="${(pal.tintAmount * 0.25).toFixed(3)}"/>`,
    );
  }
  const vignette = svg.radial([
    [0.5, "#000000", 0],
    [0.8, "#000000", 0.12],
    [1, "#000000", rng.range(0.35, 0.55)],
  ]);
  const r = Math.hypot(w, h) / 2;
  svg.body.push(
    `<ellipse cx="${w / 2}" cy="${h / 2}" rx="${f1(r * (w / Math.max(w, h)) * 1.2)}" ry="${f1(r * (h / Math.max(w, h)) * 1.2)}" fill="${vignette}"/>`,
  );
  return `<defs>${svg.defs.join("")}</defs>${svg.body.join("")}`;
}

/* ------------------------------------------------------------------------------------------ */
/* Rendering                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** Film-grain deltas, a rough Gaussian (sum of three uniforms), indexed by 16 random bits. */
const grainTables = new Map<number, Int8Array>();

function grainTable(amplitude: number): Int8Array {
  const cached = grainTables.get(amplitude);
  if (cached) return cached;
  const rng = new Rng(mixSeed(0x4752, amplitude));
  const table = new Int8Array(65536);
  for (let i = 0; i < table.length; i++) {
    const tri = (rng.next() + rng.next() + rng.next() - 1.5) / 1.5; // −1…1, peaked at 0
    table[i] = Math.max(-127, Math.min(127, Math.round(tri * amplitude)));
  }
  grainTables.set(amplitude, table);
  return table;
}

/** Luminance grain, in place: the same delta on every channel of a pixel. */
function addGrain(pixels: Buffer, channels: number, amplitude: number, seed: number): void {
  const table = grainTable(amplitude);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < pixels.length; i += channels) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const d = table[s & 0xffff] as number;
    for (let c = 0; c < channels; c++) {
      const v = (pixels[i + c] as number) + d;
      pixels[i + c] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
}

/*
 * CMYK: libvips converts through lcms with its built-in CMYK profile, which is accurate but slow
 * (about 0.4 µs a pixel). We ask it once for a 33³ lookup table, interpolate in JS, and hand
 * sharp the CMYK pixels as an uncompressed TIFF so it writes them without converting again.
 */
const LUT_SIZE = 33;
let cmykLut: Promise<Buffer> | null = null;

function cmykTable(): Promise<Buffer> {
  cmykLut ??= (async () => {
    const n = LUT_SIZE;
    const grid = Buffer.alloc(n * n * n * 3);
    let o = 0;
    for (let r = 0; r < n; r++)
      for (let g = 0; g < n; g++)
        for (let b = 0; b < n; b++) {
          grid[o++] = Math.round((r * 255) / (n - 1));
          grid[o++] = Math.round((g * 255) / (n - 1));
          grid[o++] = Math.round((b * 255) / (n - 1));
        }
    const { data, info } = await sharp(grid, { raw: { width: n * n * n, height: 1, channels: 3 } })
      .toColourspace("cmyk")
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) throw new Error(`expected 4 CMYK channels, got ${info.channels}`);
    return data;
  })();
  return cmykLut;
}

/** sRGB (3 channels) to CMYK (4 channels) by trilinear interpolation in the table. */
function rgbToCmyk(rgb: Buffer, lut: Buffer): Buffer {
  const n = LUT_SIZE;
  const step = 255 / (n - 1);
  const out = Buffer.allocUnsafe((rgb.length / 3) * 4);
  const idx = (r: number, g: number, b: number) => ((r * n + g) * n + b) * 4;
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    const fr = (rgb[i] as number) / step;
    const fg = (rgb[i + 1] as number) / step;
    const fb = (rgb[i + 2] as number) / step;
    const r0 = Math.min(n - 2, Math.floor(fr));
    const g0 = Math.min(n - 2, Math.floor(fg));
    const b0 = Math.min(n - 2, Math.floor(fb));
    const dr = fr - r0;
    const dg = fg - g0;
    const db = fb - b0;
    const c000 = idx(r0, g0, b0);
    const c001 = idx(r0, g0, b0 + 1);
    const c010 = idx(r0, g0 + 1, b0);
    const c011 = idx(r0, g0 + 1, b0 + 1);
    const c100 = idx(r0 + 1, g0, b0);
    const c101 = idx(r0 + 1, g0, b0 + 1);
    const c110 = idx(r0 + 1, g0 + 1, b0);
    const c111 = idx(r0 + 1, g0 + 1, b0 + 1);
    for (let k = 0; k < 4; k++) {
      const x00 = (lut[c000 + k] as number) * (1 - db) + (lut[c001 + k] as number) * db;
      const x01 = (lut[c010 + k] as number) * (1 - db) + (lut[c011 + k] as number) * db;
      const x10 = (lut[c100 + k] as number) * (1 - db) + (lut[c101 + k] as number) * db;
      const x11 = (lut[c110 + k] as number) * (1 - db) + (lut[c111 + k] as number) * db;
      const y0 = x00 * (1 - dg) + x01 * dg;
      const y1 = x10 * (1 - dg) + x11 * dg;
      out[j + k] = Math.round(y0 * (1 - dr) + y1 * dr);
    }
  }
  return out;
}

/** A minimal uncompressed little-endian TIFF around 8-bit CMYK pixels. */
function cmykTiff(width: number, height: number, pixels: Buffer): Buffer {
  // [tag, type (3 SHORT, 4 LONG), value]; BitsPerSample and StripOffsets are filled below.
  const entries: [number, number, number][] = [
    [256, 4, width],
    [257, 4, height],
    [258, 3, 0],
    [259, 3, 1], // no compression
    [262, 3, 5], // separated (CMYK)
    [273, 4, 0],
    [277, 3, 4],
    [278, 4, height],
    [279, 4, pixels.length],
    [284, 3, 1], // chunky
    [332, 3, 1], // InkSet: CMYK
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  const bitsOffset = 8 + ifdSize;
  const dataOffset = bitsOffset + 8;
  const head = Buffer.alloc(dataOffset);
  head.write("II", 0, "latin1");
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(8, 4);
  head.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], i) => {
    const o = 10 + i * 12;
    head.writeUInt16LE(tag, o);
    head.writeUInt16LE(type, o + 2);
    head.writeUInt32LE(tag === 258 ? 4 : 1, o + 4);
    if (tag === 258) head.writeUInt32LE(bitsOffset, o + 8);
    else if (tag === 273) head.writeUInt32LE(dataOffset, o + 8);
    else if (type === 3) head.writeUInt16LE(value, o + 8);
    else head.writeUInt32LE(value, o + 8);
  });
  head.writeUInt32LE(0, 10 + entries.length * 12);
  for (let k = 0; k < 4; k++) head.writeUInt16LE(8, bitsOffset + k * 2);
  return Buffer.concat([head, pixels]);
}

interface RenderOptions {
  /** Fraction of the final size the SVG is rasterised at before scaling up. */
  renderScale: number;
  quality: number;
  kernel: "linear" | "cubic";
}

async function renderJpeg(
  plan: PhotoPlan,
  texts: PhotoTexts,
  opts: RenderOptions,
): Promise<Buffer> {
  const { width, height } = plan;
  const rw = Math.max(64, Math.round(width * opts.renderScale));
  const rh = Math.max(64, Math.round(height * opts.renderScale));
  const body = renderScene(plan, width, height);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${rw}" height="${rh}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
  // Rasterise small in its own pipeline (given a resize, sharp would render the SVG at the final
  // size), add grain there, and let the upscale soften both a little, like a real lens and sensor.
  const small = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const amplitude =
    plan.colorSpace === "b-w" ? 18 : plan.time === "night" || plan.time === "blue" ? 14 : 10;
  addGrain(small.data, small.info.channels, amplitude, mixSeed(plan.index, 0x6772));
  const resize = { kernel: opts.kernel, fit: "fill" } as const;
  let img: Sharp;
  if (plan.colorSpace === "cmyk") {
    const cmyk = rgbToCmyk(small.data, await cmykTable());
    img = sharp(cmykTiff(small.info.width, small.info.height, cmyk), { limitInputPixels: false })
      .pipelineColourspace("cmyk")
      .resize(width, height, resize)
      .toColourspace("cmyk");
  } else {
    img = sharp(small.data, {
      raw: { width: small.info.width, height: small.info.height, channels: small.info.channels },
    }).resize(width, height, resize);
    if (plan.colorSpace === "b-w") img = img.toColourspace("b-w");
  }
  const jpeg = await img
    .withExif(exifFor(plan, texts))
    .withXmp(xmpFor(plan, texts))
    .withDensity(300)
    .jpeg({ quality: opts.quality, chromaSubsampling: "4:2:0", mozjpeg: false })
    .toBuffer();
  return insertApp13(jpeg, photoshopIrb(iptcFor(plan, texts)));
}

/* ------------------------------------------------------------------------------------------ */
/* Metadata                                                                                   */
/* ------------------------------------------------------------------------------------------ */

interface PhotoTexts {
  title: string;
  caption: string;
  keywords: string[];
  byline: string;
  copyright: string;
  cameraDate: string;
  exposure: { time: [number, number]; fNumber: number; iso: number; focal: number; bias: number };
  serial: string;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function offsetString(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${colon ? ":" : ""}${pad(abs % 60)}`;
}

function exposureFor(plan: PhotoPlan): PhotoTexts["exposure"] {
  const { rng, time, lens } = plan;
  const focal = Math.round(rng.range(lens.minFocal, Math.min(lens.maxFocal, lens.minFocal * 2.5)));
  const stops = [1.7, 2, 2.8, 4, 5.6, 8, 11, 16].filter((f) => f >= lens.maxAperture - 0.05);
  const shutter = (denominators: readonly number[]): [number, number] => [
    1,
    rng.pick(denominators),
  ];
  switch (time) {
    case "night":
      return {
        time: [rng.pick([6, 8, 10, 13, 15, 20, 25]), 1],
        fNumber: stops[0] as number,
        iso: rng.pick([1600, 2000, 3200, 6400]),
        focal,
        bias: 0,
      };
    case "blue":
    case "dusk":
      return {
        time: rng.chance(0.5) ? [rng.pick([1, 2, 4, 6]), 1] : shutter([2, 4, 8, 15]),
        fNumber: rng.pick(stops.slice(2, 6).length > 0 ? stops.slice(2, 6) : stops),
        iso: rng.pick([100, 200, 400, 800]),
        focal,
        bias: rng.pick([0, -1 / 3, -2 / 3]),
      };
    case "dawn":
    case "golden":
    case "overcast":
      return {
        time: shutter([15, 30, 60, 125, 250]),
        fNumber: rng.pick(stops.slice(3).length > 0 ? stops.slice(3) : stops),
        iso: rng.pick([64, 100, 200, 400]),
        focal,
        bias: rng.pick([0, -1 / 3, -2 / 3, -1]),
      };
    default:
      return {
        time: shutter([125, 250, 320, 500, 1000]),
        fNumber: rng.pick(stops.slice(4).length > 0 ? stops.slice(4) : stops),
        iso: rng.pick([64, 100, 100, 200]),
        focal,
        bias: rng.pick([0, 0, -1 / 3, 1 / 3]),
      };
  }
}

function textsFor(plan: PhotoPlan): PhotoTexts {
  const { rng, local } = plan;
  const titles = titleCandidates(plan);
  const title = titles.length > 0 ? rng.pick(titles) : plan.place.name;
  const caption = captionFor(plan);
  const keywords = keywordsFor(plan);
  const byline = plan.photographer.name;
  const copyright = `© ${local.year} ${byline}`;
  const cameraDate = `${local.year}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}${offsetString(plan.offsetMinutes, true)}`;
  const serial = `${plan.photographer.serialPrefix}${pad(mixSeed(plan.photographer.name.length, 7) % 100000, 5)}`;
  return {
    title,
    caption,
    keywords,
    byline,
    copyright,
    cameraDate,
    exposure: exposureFor(plan),
    serial,
  };
}

function rational(n: number, den = 100): string {
  return `${Math.round(n * den)}/${den}`;
}

/** Degrees as EXIF GPS "d/1 m/1 s*100/100", and the value a reader computes back from it. */
function dms(value: number): { text: string; value: number } {
  const abs = Math.abs(value);
  let d = Math.floor(abs);
  let m = Math.floor((abs - d) * 60);
  let cs = Math.round(((abs - d) * 60 - m) * 60 * 100);
  if (cs >= 6000) {
    cs -= 6000;
    m += 1;
  }
  if (m >= 60) {
    m -= 60;
    d += 1;
  }
  return { text: `${d}/1 ${m}/1 ${cs}/100`, value: d + m / 60 + cs / 360000 };
}

/** The coordinates exactly as written into EXIF (hundredths of an arc-second). */
function writtenGps(plan: PhotoPlan): { latitude: number; longitude: number } {
  const lat = dms(plan.gps.latitude).value * Math.sign(plan.gps.latitude || 1);
  const lon = dms(plan.gps.longitude).value * Math.sign(plan.gps.longitude || 1);
  return { latitude: round6(lat), longitude: round6(lon) };
}

function exifFor(plan: PhotoPlan, t: PhotoTexts): Exif {
  const { local } = plan;
  const exifDate = `${local.year}:${pad(local.month)}:${pad(local.day)} ${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}`;
  const offset = offsetString(plan.offsetMinutes, true);
  const e = t.exposure;
  const lat = dms(plan.gps.latitude);
  const lon = dms(plan.gps.longitude);
  const ifd2: Record<string, string> = {
    DateTimeOriginal: exifDate,
    DateTimeDigitized: exifDate,
    OffsetTime: offset,
    OffsetTimeOriginal: offset,
    OffsetTimeDigitized: offset,
    ExposureTime: `${e.time[0]}/${e.time[1]}`,
    FNumber: rational(e.fNumber, 10),
    ExposureProgram: plan.time === "night" ? "1" : "3",
    ISOSpeedRatings: String(e.iso),
    ExposureBiasValue: e.bias === 0 ? "0/3" : `${Math.round(e.bias * 3)}/3`,
    MeteringMode: "5",
    Flash: "16",
    FocalLength: `${e.focal}/1`,
    WhiteBalance: "0",
    ColorSpace: plan.colorSpace === "srgb" ? "1" : "65535",
    BodySerialNumber: t.serial,
    LensMake: plan.lens.make,
    LensModel: plan.lens.model,
    LensSpecification: `${plan.lens.minFocal}/1 ${plan.lens.maxFocal}/1 ${rational(plan.lens.maxAperture, 10)} ${rational(plan.lens.maxAperture, 10)}`,
  };
  return {
    IFD0: {
      Make: plan.photographer.make,
      Model: plan.photographer.model,
      Artist: t.byline,
      Copyright: t.copyright,
      ImageDescription: t.caption,
      DateTime: exifDate,
      Software: "Arkiv demo generator",
    },
    IFD2: ifd2,
    IFD3: {
      GPSVersionID: "2 3 0 0",
      GPSLatitudeRef: plan.gps.latitude < 0 ? "S" : "N",
      GPSLatitude: lat.text,
      GPSLongitudeRef: plan.gps.longitude < 0 ? "W" : "E",
      GPSLongitude: lon.text,
      GPSAltitudeRef: "0",
      GPSAltitude: `${plan.gps.altitude}/1`,
      GPSMapDatum: "WGS-84",
    },
  };
}

/** Escape for XML element content and attribute values. */
function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function xmpGps(value: number, pos: string, neg: string): string {
  const abs = Math.abs(value);
  const d = Math.floor(abs);
  const m = (abs - d) * 60;
  return `${d},${m.toFixed(6)}${value < 0 ? neg : pos}`;
}

function xmpFor(plan: PhotoPlan, t: PhotoTexts): string {
  const p = plan.place;
  const el = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
  const alt = (name: string, value: string) =>
    `<${name}><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(value)}</rdf:li></rdf:Alt></${name}>`;
  const gps = writtenGps(plan);
  return [
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>`,
    `<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Arkiv demo generator">`,
    `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">`,
    `<rdf:Description rdf:about=""`,
    ` xmlns:dc="http://purl.org/dc/elements/1.1/"`,
    ` xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"`,
    ` xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"`,
    ` xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/"`,
    ` xmlns:xmp="http://ns.adobe.com/xap/1.0/"`,
    ` xmlns:exif="http://ns.adobe.com/exif/1.0/">`,
    alt("dc:title", t.title),
    alt("dc:description", t.caption),
    alt("dc:rights", t.copyright),
    `<dc:creator><rdf:Seq><rdf:li>${escapeXml(t.byline)}</rdf:li></rdf:Seq></dc:creator>`,
    `<dc:subject><rdf:Bag>${t.keywords.map((k) => `<rdf:li>${escapeXml(k)}</rdf:li>`).join("")}</rdf:Bag></dc:subject>`,
    el("photoshop:Headline", t.title),
    el("photoshop:City", p.city),
    el("photoshop:State", p.region),
    el("photoshop:Country", p.country),
    el("photoshop:DateCreated", t.cameraDate),
    el("photoshop:Credit", t.byline),
    el("photoshop:Source", "Arkiv demo archive"),
    el("Iptc4xmpCore:Location", p.sublocation),
    el("Iptc4xmpCore:CountryCode", p.countryCode),
    el("xmpRights:Marked", "True"),
    el("xmp:CreateDate", t.cameraDate),
    el("xmp:CreatorTool", "Arkiv demo generator"),
    el("exif:GPSLatitude", xmpGps(gps.latitude, "N", "S")),
    el("exif:GPSLongitude", xmpGps(gps.longitude, "E", "W")),
    `</rdf:Description>`,
    `</rdf:RDF>`,
    `</x:xmpmeta>`,
    `<?xpacket end="w"?>`,
  ].join("\n");
}

/* --- IPTC IIM --- */

/** IIM 4.2 maximum lengths in bytes. */
export const IPTC_MAX = {
  objectName: 64,
  keyword: 64,
  byline: 32,
  city: 32,
  sublocation: 32,
  state: 32,
  countryCode: 3,
  country: 64,
  headline: 256,
  credit: 32,
  source: 32,
  copyright: 128,
  caption: 2000,
} as const;

/** The longest prefix of `text` whose UTF-8 fits in `maxBytes`, never splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): Buffer {
  const buf = Buffer.from(text, "utf8");
  if (buf.length <= maxBytes) return buf;
  let end = maxBytes;
  // Step back over continuation bytes (10xxxxxx) to the start of the cut character.
  while (end > 0 && ((buf[end] as number) & 0xc0) === 0x80) end--;
  return buf.subarray(0, end);
}

export interface IptcRecord {
  record: 1 | 2;
  dataset: number;
  value: string | Buffer;
  maxBytes?: number;
}

/** IPTC IIM datasets, record 1:90 (UTF-8) first, standard (non-extended) lengths. */
export function encodeIptc(records: readonly IptcRecord[]): Buffer {
  const parts: Buffer[] = [];
  const dataset = (record: number, id: number, value: Buffer) => {
    if (value.length > 0x7fff) throw new Error("IPTC dataset too long");
    const head = Buffer.alloc(5);
    head[0] = 0x1c;
    head[1] = record;
    head[2] = id;
    head.writeUInt16BE(value.length, 3);
    parts.push(head, value);
  };
  dataset(1, 90, Buffer.from([0x1b, 0x25, 0x47])); // ESC % G: UTF-8
  dataset(2, 0, Buffer.from([0x00, 0x04])); // record version 4
  for (const r of records) {
    const value =
      typeof r.value === "string"
        ? truncateUtf8(r.value, r.maxBytes ?? 0x7fff)
        : r.value.subarray(0, r.maxBytes ?? r.value.length);
    dataset(r.record, r.dataset, value);
  }
  return Buffer.concat(parts);
}

function iptcFor(plan: PhotoPlan, t: PhotoTexts): Buffer {
  const p = plan.place;
  const { local } = plan;
  const r = (dataset: number, value: string, maxBytes: number): IptcRecord => ({
    record: 2,
    dataset,
    value,
    maxBytes,
  });
  return encodeIptc([
    r(5, t.title, IPTC_MAX.objectName),
    ...t.keywords.map((k) => r(25, k, IPTC_MAX.keyword)),
    r(55, `${local.year}${pad(local.month)}${pad(local.day)}`, 8),
    r(
      60,
      `${pad(local.hour)}${pad(local.minute)}${pad(local.second)}${offsetString(plan.offsetMinutes, false)}`,
      11,
    ),
    r(80, t.byline, IPTC_MAX.byline),
    r(90, p.city, IPTC_MAX.city),
    r(92, p.sublocation, IPTC_MAX.sublocation),
    r(95, p.region, IPTC_MAX.state),
    r(100, p.countryCode, IPTC_MAX.countryCode),
    r(101, p.country, IPTC_MAX.country),
    r(105, t.title, IPTC_MAX.headline),
    r(110, t.byline, IPTC_MAX.credit),
    r(115, "Arkiv demo archive", IPTC_MAX.source),
    r(116, t.copyright, IPTC_MAX.copyright),
    r(120, t.caption, IPTC_MAX.caption),
  ]);
}

function irbResource(id: number, data: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.write("8BIM", 0, "latin1");
  head.writeUInt16BE(id, 4);
  // Empty Pascal name, padded to an even length: 0x00 0x00.
  head.writeUInt32BE(data.length, 8);
  const padding = data.length % 2 === 1 ? Buffer.alloc(1) : Buffer.alloc(0);
  return Buffer.concat([head, data, padding]);
}

/** Photoshop image resources holding IPTC (0x0404) and its MD5 digest (0x0425). */
export function photoshopIrb(iptc: Buffer): Buffer {
  const digest = createHash("md5").update(iptc).digest();
  return Buffer.concat([irbResource(0x0404, iptc), irbResource(0x0425, digest)]);
}

/** Insert an APP13 "Photoshop 3.0" segment after the leading APPn segments of a JPEG. */
export function insertApp13(jpeg: Buffer, irb: Buffer): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error("not a JPEG");
  const payload = Buffer.concat([Buffer.from("Photoshop 3.0\0", "latin1"), irb]);
  if (payload.length + 2 > 0xffff) throw new Error("APP13 segment too long");
  let pos = 2;
  while (
    pos + 4 <= jpeg.length &&
    jpeg[pos] === 0xff &&
    (jpeg[pos + 1] as number) >= 0xe0 &&
    (jpeg[pos + 1] as number) <= 0xef
  ) {
    pos += 2 + jpeg.readUInt16BE(pos + 2);
  }
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = 0xed;
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, pos), head, payload, jpeg.subarray(pos)]);
}

/* ------------------------------------------------------------------------------------------ */
/* Public API                                                                                 */
/* ------------------------------------------------------------------------------------------ */

type DemoPhotoOptions = { count?: number; largeEvery?: number; seed?: number };

interface Described {
  plan: PhotoPlan;
  texts: PhotoTexts;
  fileName: string;
  expected: DemoPhoto["expected"];
}

function describePhoto(seed: number, index: number, large: boolean): Described {
  const plan = planPhoto(seed, index, large);
  const texts = textsFor(plan);
  // The index keeps names unique however the titles repeat.
  const fileName = `${slug(texts.title) || "photo"}-${pad(index + 1)}.jpg`;
  return {
    plan,
    texts,
    fileName,
    expected: {
      title: texts.title,
      keywords: texts.keywords,
      byline: texts.byline,
      caption: texts.caption,
      copyright: texts.copyright,
      city: plan.place.city,
      country: plan.place.country,
      cameraDate: texts.cameraDate,
      gps: writtenGps(plan),
      width: plan.width,
      height: plan.height,
      colorSpace: plan.colorSpace,
    },
  };
}

function resolveOptions(options: DemoPhotoOptions) {
  const count = options.count ?? DEMO_PHOTO_COUNT;
  const largeEvery = options.largeEvery ?? DEFAULT_LARGE_EVERY;
  const seed = options.seed ?? DEFAULT_SEED;
  const isLarge = (i: number) => largeEvery > 0 && i % largeEvery === largeEvery - 1;
  return { count, seed, isLarge };
}

async function makePhoto(seed: number, index: number, large: boolean): Promise<DemoPhoto> {
  const { plan, texts, fileName, expected } = describePhoto(seed, index, large);
  const data = await renderJpeg(plan, texts, {
    renderScale: large ? 0.5 : 0.75,
    quality: large ? 84 : 86,
    kernel: large ? "linear" : "cubic",
  });
  return { fileName, data, expected };
}

/**
 * What `generateDemoPhotos` with the same options would make, without rendering anything: the
 * names and embedded metadata (cheap; for tests and progress reporting).
 */
export function describeDemoPhotos(
  options: DemoPhotoOptions = {},
): { fileName: string; expected: DemoPhoto["expected"] }[] {
  const { count, seed, isLarge } = resolveOptions(options);
  return Array.from({ length: count }, (_, i) => {
    const { fileName, expected } = describePhoto(seed, i, isLarge(i));
    return { fileName, expected };
  });
}

/** Photos rendered at once: sharp runs each pipeline on one libuv thread (its default
 * concurrency is 1 on glibc Linux), so two in flight use two cores. */
const IN_FLIGHT = 2;

/**
 * The demo archive's photographs, one at a time. Up to two more render while the caller handles
 * the current one, so at most three are in memory. Deterministic: photo `i` is the same bytes
 * for any `count`; `largeEvery` (default 8) makes every n-th photo 5000×3333 or 3333×5000 (0 for
 * none); `seed` picks another, equally deterministic, archive.
 */
export async function* generateDemoPhotos(
  options: DemoPhotoOptions = {},
): AsyncGenerator<DemoPhoto> {
  const { count, seed, isLarge } = resolveOptions(options);
  const pending: Promise<DemoPhoto>[] = [];
  let started = 0;
  const fill = () => {
    while (started < count && pending.length < IN_FLIGHT) {
      const i = started++;
      const promise = makePhoto(seed, i, isLarge(i));
      promise.catch(() => undefined); // surfaced when awaited; never unhandled if the caller stops
      pending.push(promise);
    }
  };
  fill();
  while (pending.length > 0) {
    const current = await (pending.shift() as Promise<DemoPhoto>);
    fill();
    yield current;
  }
}

/**
 * One camera-sized JPEG (6000×4000 unless told) with the full metadata, for benchmarks. Rendered
 * small and scaled up, so it is quick; `seed` varies scene, place and metadata.
 */
export async function generateCameraJpeg(
  seed: number,
  options: { width?: number; height?: number } = {},
): Promise<Buffer> {
  const width = options.width ?? 6000;
  const height = options.height ?? 4000;
  const plan = planPhoto(mixSeed(DEFAULT_SEED, 0xca3e7a, seed), seed >>> 0, false);
  plan.width = width;
  plan.height = height;
  plan.colorSpace = "srgb";
  const texts = textsFor(plan);
  return renderJpeg(plan, texts, {
    renderScale: Math.min(1, 1600 / Math.max(width, height)),
    quality: 85,
    kernel: "linear",
  });
}
