import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const form = style({ display: "grid", gap: "16px" });

export const fieldset = style({
  display: "grid",
  gap: "10px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: "12px",
  margin: 0,
});

export const legend = style({ fontWeight: 600, padding: "0 4px" });

export const panel = style({
  display: "grid",
  gap: "16px",
  paddingTop: "12px",
});

export const swatches = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, 32px)",
  gap: "6px",
  border: 0,
  padding: 0,
  margin: 0,
});

export const swatch = style({
  width: "32px",
  height: "32px",
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.color.border}`,
  display: "grid",
  placeItems: "center",
  cursor: "pointer",
  position: "relative",
});
globalStyle(`${swatch} input`, { position: "absolute", opacity: 0, inset: 0, margin: 0 });
globalStyle(`${swatch}:has(input:checked)`, {
  outline: `3px solid ${vars.color.text}`,
  outlineOffset: "2px",
});
globalStyle(`${swatch}:has(input:focus-visible)`, {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: "2px",
});

export const label = style({ fontWeight: 600 });

export const table = style({ width: "100%", borderCollapse: "collapse" });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "left",
  padding: "6px",
  verticalAlign: "top",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const row = style({
  display: "grid",
  gap: "8px",
  gridTemplateColumns: "repeat(auto-fit, minmax(180px, 1fr))",
  alignItems: "end",
  borderBottom: `1px solid ${vars.color.border}`,
  paddingBottom: "8px",
});

export const icons = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px",
  border: 0,
  padding: 0,
  margin: 0,
});

export const icon = style({
  display: "flex",
  gap: "4px",
  alignItems: "center",
  padding: "4px 8px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
globalStyle(`${icon} svg`, { width: "20px", height: "20px", fill: "currentColor" });

export const slider = style({
  display: "grid",
  gap: "6px",
  maxWidth: "420px",
  // 0.6 left the label and its value at 4.47:1 on white; they stay readable while disabled.
  selectors: { "&[data-disabled]": { opacity: 0.7 } },
});
export const sliderHead = style({ display: "flex", justifyContent: "space-between", gap: "8px" });
export const sliderTrack = style({
  position: "relative",
  height: "24px",
  selectors: {
    "&::before": {
      content: '""',
      position: "absolute",
      left: 0,
      right: 0,
      top: "10px",
      height: "4px",
      borderRadius: "2px",
      background: vars.color.border,
    },
  },
});
export const sliderThumb = style({
  top: "12px",
  width: "20px",
  height: "20px",
  borderRadius: "50%",
  background: vars.color.accent,
  border: `2px solid ${vars.color.surface}`,
  selectors: {
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
    "&[data-dragging]": { background: vars.color.text },
  },
});

/** The index field with its browse button (or, without JavaScript, link) beside it. */
export const indexField = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "end",
  gap: "0.5rem",
});
