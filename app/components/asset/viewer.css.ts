import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/*
 * The viewer over the grid: the picture on a dark stage with its toolbar above, the details
 * panel beside it (below it on a phone, where the dialog scrolls). The stage's colours are fixed
 * (a photograph is judged on neutral dark grey in both themes); the panel follows the theme.
 */
const PHONE = "screen and (max-width: 719.98px)";

export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: 100,
  background: "rgba(0, 0, 0, 0.85)",
});
export const modal = style({ position: "fixed", inset: 0, outline: "none" });
export const dialog = style({
  height: "100%",
  width: "100%",
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) minmax(280px, 360px)",
  gridTemplateRows: "auto minmax(0, 1fr)",
  background: "#161616",
  color: "#f2f2f2",
  outline: "none",
  "@media": {
    [PHONE]: {
      gridTemplateColumns: "minmax(0, 1fr)",
      gridTemplateRows: "auto 62dvh auto",
      overflowY: "auto",
    },
  },
});
export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "8px",
  padding: "8px 12px",
});
export const counter = style({ margin: "0 auto 0 0", fontVariantNumeric: "tabular-nums" });
export const tool = style({
  font: "inherit",
  fontWeight: 600,
  minHeight: "36px",
  minWidth: "36px",
  padding: "4px 10px",
  borderRadius: vars.radius.sm,
  border: "1px solid #9a9a9a",
  background: "#262626",
  color: "#f2f2f2",
  cursor: "pointer",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: "6px",
  selectors: {
    "&[data-hovered]": { background: "#3a3a3a" },
    '&[data-pressed], &[aria-pressed="true"]': { background: "#f2f2f2", color: "#161616" },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
    "&[data-disabled]": { opacity: 0.45, cursor: "default" },
  },
});
/** The stage's cell: the step buttons stay put over it while a zoomed picture scrolls. */
export const frame = style({ position: "relative", overflow: "hidden", minHeight: 0 });
export const stage = style({
  position: "absolute",
  inset: 0,
  overflow: "hidden",
  display: "grid",
  placeItems: "center",
  // Vertical swipes and pinches stay the browser's; a horizontal swipe moves to the next asset.
  touchAction: "pan-y pinch-zoom",
  userSelect: "none",
  selectors: {
    '&[data-zoomed="true"]': { overflow: "auto", display: "flex", touchAction: "auto" },
    '&[data-zoomed="true"][data-dragging="true"]': { cursor: "grabbing" },
    '&[data-zoomed="true"]:not([data-dragging="true"])': { cursor: "grab" },
  },
});
/* Fitted, the picture fills the stage and keeps its proportions; zoomed, it takes its own size
 * (its width and height attributes), centred while smaller than the stage and scrolled beyond. */
export const image = style({
  position: "absolute",
  inset: 0,
  width: "100%",
  height: "100%",
  objectFit: "contain",
  selectors: {
    [`${stage}[data-zoomed="true"] &`]: {
      position: "static",
      flex: "none",
      margin: "auto",
    },
  },
});
/** The thumbnail, scaled up, while the large preview is on its way. */
export const placeholder = style([image, { filter: "blur(2px)", opacity: 0.8 }]);
export const noPreview = style({ padding: "24px", margin: 0, textAlign: "center" });
export const step = style([
  tool,
  {
    position: "absolute",
    top: "50%",
    transform: "translateY(-50%)",
    minHeight: "48px",
    background: "rgba(22, 22, 22, 0.8)",
    zIndex: 1,
  },
]);
export const previous = style({ left: "8px" });
/** A word that a phone shows as its sign alone (the button keeps it as its name). */
export const phoneHidden = style({
  "@media": {
    [PHONE]: {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
  },
});
export const next = style({ right: "8px" });
export const panel = style({
  gridColumn: 2,
  gridRow: "1 / span 2",
  overflowY: "auto",
  background: vars.color.surface,
  color: vars.color.text,
  padding: "16px",
  display: "grid",
  alignContent: "start",
  gap: "12px",
  "@media": { [PHONE]: { gridColumn: 1, gridRow: 3, overflowY: "visible" } },
});
export const title = style({ fontSize: "1.2rem", margin: 0, overflowWrap: "anywhere" });
export const fields = style({
  display: "grid",
  gridTemplateColumns: "max-content minmax(0, 1fr)",
  gap: "4px 12px",
  margin: 0,
});
export const term = style({ fontWeight: 600, color: vars.color.textMuted });
export const value = style({ margin: 0, overflowWrap: "anywhere" });
export const link = style({ color: vars.color.link, fontWeight: 600 });
export const links = style({
  display: "grid",
  gap: "6px",
  margin: 0,
  padding: 0,
  listStyle: "none",
});
export const status = style({ margin: 0, color: vars.color.textMuted });
