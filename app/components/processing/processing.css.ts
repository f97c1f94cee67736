import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const table = style({ width: "100%", borderCollapse: "collapse" });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "left",
  padding: "8px",
  verticalAlign: "middle",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const actions = style({
  display: "flex",
  gap: "12px",
  alignItems: "center",
  flexWrap: "wrap",
});

export const link = style({
  color: vars.color.link,
  selectors: { "&:focus-visible": { outline: `3px solid ${vars.color.focus}` } },
});

export const form = style({ display: "grid", gap: "16px", maxWidth: "760px" });

export const fieldset = style({
  display: "grid",
  gap: "8px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: "8px",
  padding: "12px 16px",
  margin: 0,
});

export const legend = style({ fontWeight: 600, padding: "0 4px" });

export const pair = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(160px, 1fr))",
  gap: "12px",
});

export const row = style({
  display: "grid",
  gridTemplateColumns: "2fr 1fr 1fr auto",
  gap: "8px",
  alignItems: "end",
});

export const error = style({ color: vars.color.danger, fontWeight: 600 });

export const thumb = style({
  width: "64px",
  height: "64px",
  objectFit: "contain",
  background: `repeating-conic-gradient(${vars.color.border} 0% 25%, transparent 0% 50%) 50% / 16px 16px`,
  borderRadius: "4px",
});

export const confirm = style({
  display: "grid",
  gap: "8px",
  padding: "12px 16px",
  border: `2px solid ${vars.color.danger}`,
  borderRadius: "8px",
});
