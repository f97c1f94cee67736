import type { PhotoPlan, Season, SceneKind, Terrain, TimeOfDay } from "./demo-plan.server";
import { Rng } from "./demo-plan.server";

/*
 * A demo photograph's picture, drawn as SVG: sky gradient, sun or moon, clouds, layered ridges
 * from a seeded midpoint-displacement profile, water with a mirrored reflection, trees, towns,
 * fields, coasts, stars and aurora; light and haze by time of day, colours by season, and a
 * vignette. demo-photos.server.ts rasterises it.
 */

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

export function renderScene(plan: PhotoPlan, w: number, h: number): string {
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
