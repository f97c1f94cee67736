import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const progress = style({ display: "grid", gap: "4px", margin: "16px 0" });
export const progressLabel = style({ fontWeight: 600 });
export const track = style({
  height: "10px",
  borderRadius: vars.radius.sm,
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  overflow: "hidden",
});
export const fill = style({
  height: "100%",
  background: vars.color.accent,
  transition: "width 200ms linear",
});
export const counts = style({ color: vars.color.textMuted, margin: 0 });
export const results = style({
  width: "100%",
  borderCollapse: "collapse",
  marginTop: "16px",
});
globalStyle(`${results} th, ${results} td`, {
  textAlign: "left",
  padding: "6px 8px",
  verticalAlign: "top",
});
export const row = style({
  borderTop: `1px solid ${vars.color.border}`,
  selectors: {
    '&[data-status="failed"]': { background: vars.color.dangerBg },
  },
});
export const outcome = style({
  selectors: {
    '&[data-status="done"]': { color: vars.color.success },
    '&[data-status="failed"]': { color: vars.color.danger },
  },
});
export const assetCell = style({ minWidth: 0 });

export const assetLink = style({
  display: "flex",
  alignItems: "center",
  gap: "8px",
  minWidth: 0,
});

/** A small square thumbnail; the image keeps its proportions inside it. */
export const thumbnail = style({
  flex: "none",
  width: "48px",
  height: "48px",
  objectFit: "contain",
  borderRadius: "4px",
  background: vars.color.surfaceRaised,
});

export const assetName = style({ overflowWrap: "anywhere" });
export const taskList = style({ listStyle: "none", padding: 0, display: "grid", gap: "8px" });
