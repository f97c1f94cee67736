import photographers from "./data/photographers.json";
import places from "./data/places.json";
import words from "./data/words.json";

/*
 * What each demo photograph shows and says, decided before anything is drawn: the place, the
 * photographer and camera, the scene, season, light and local time, and from those the title,
 * caption, keywords and exposure. Places, photographers and the words come from ./data; the
 * choices from a seeded PRNG, so the same seed and index always give the same photograph.
 */

export type DemoColorSpace = "srgb" | "b-w" | "cmyk";

/* ------------------------------------------------------------------------------------------ */
/* Seeded randomness                                                                          */
/* ------------------------------------------------------------------------------------------ */

export class Rng {
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

export function mixSeed(...parts: number[]): number {
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

export type SceneKind =
  "fjord" | "lake" | "mountains" | "forest" | "city" | "fields" | "coast" | "night";
export type TimeOfDay =
  "dawn" | "morning" | "midday" | "afternoon" | "golden" | "dusk" | "blue" | "night" | "overcast";
export type Season = "winter" | "spring" | "summer" | "autumn";
export type Terrain = "alpine" | "fjord" | "rolling" | "volcanic";
export type Feature =
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

export interface Place {
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

export interface Lens {
  make: string;
  model: string;
  minFocal: number;
  maxFocal: number;
  maxAperture: number;
}

export interface Photographer {
  name: string;
  countries: readonly string[];
  make: string;
  model: string;
  serialPrefix: string;
  lenses: readonly Lens[];
}

/** Interleaved by region so consecutive photos travel. */
const PLACES = places as readonly Place[];
const PHOTOGRAPHERS = photographers as readonly Photographer[];

/* ------------------------------------------------------------------------------------------ */
/* The plan for one photograph                                                                */
/* ------------------------------------------------------------------------------------------ */

export interface PhotoPlan {
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

export function planPhoto(seed: number, index: number, large: boolean): PhotoPlan {
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

export function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/* ------------------------------------------------------------------------------------------ */
/* Words: titles, captions, keywords                                                          */
/* ------------------------------------------------------------------------------------------ */

const MONTH_NAMES: readonly string[] = words.months;
const LIGHT: Record<TimeOfDay, readonly { subject: string; verb: string }[]> = words.light;
const FOREST_ADJECTIVE: Record<Season, string> = words.forestAdjective;
const SCENE_KEYWORDS: Record<SceneKind, readonly string[]> = words.sceneKeywords;
const TIME_KEYWORDS: Record<TimeOfDay, string> = words.timeKeywords;
const MOODS: Record<TimeOfDay, readonly string[]> = words.moods;

/** IIM 4.2 maximum lengths in bytes: what the IPTC datasets hold. */
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

function captionFor(plan: PhotoPlan): string {
  const { kind, place: p, time, season, rng, aurora } = plan;
  const { subject, verb } = rng.pick(LIGHT[time]);
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
export function slug(text: string): string {
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
/* What the photograph says                                                                   */
/* ------------------------------------------------------------------------------------------ */

export interface PhotoTexts {
  title: string;
  caption: string;
  keywords: string[];
  byline: string;
  copyright: string;
  cameraDate: string;
  exposure: { time: [number, number]; fNumber: number; iso: number; focal: number; bias: number };
  serial: string;
}

export function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

export function offsetString(minutes: number, colon: boolean): string {
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

export function textsFor(plan: PhotoPlan): PhotoTexts {
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
