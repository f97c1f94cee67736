import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const form = style({ display: "grid", gap: "16px", maxWidth: "960px" });

export const section = style({
  display: "grid",
  gap: "8px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: "12px 16px",
  margin: 0,
  minWidth: 0,
});

export const legend = style({ fontWeight: 600, padding: "0 4px" });

export const columns = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
  gap: "0 16px",
});

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px 12px",
  alignItems: "flex-end",
});

/** A filter's select keeps its width whichever choice it shows. */
export const filter = style({ minWidth: "10rem" });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px",
  alignItems: "center",
});

export const table = style({ width: "100%", borderCollapse: "collapse" });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "start",
  padding: "6px 8px",
  verticalAlign: "top",
  borderBottom: `1px solid ${vars.color.border}`,
});
globalStyle(`${table} thead th`, { borderBottom: `2px solid ${vars.color.border}` });

export const numeric = style({ fontVariantNumeric: "tabular-nums", width: "72px" });

export const link = style({
  color: vars.color.link,
  selectors: { "&:focus-visible": { outline: `3px solid ${vars.color.focus}` } },
});

export const error = style({ color: vars.color.danger, margin: 0 });

export const flags = style({ display: "flex", flexWrap: "wrap", gap: "0 16px" });
globalStyle(`${flags} > label`, { marginBottom: 0 });

/* The name beside its buttons; the buttons go under it where both do not fit (a phone, German). */
export const row = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px 16px",
  alignItems: "flex-start",
});
globalStyle(`${row} > :first-child`, { flex: "1 1 160px", minWidth: 0 });

export const region = style([section, { background: vars.color.surface }]);

export const summary = style({
  cursor: "pointer",
  color: vars.color.link,
  selectors: { "&:focus-visible": { outline: `3px solid ${vars.color.focus}` } },
});

export const danger = style({
  display: "grid",
  gap: "8px",
  padding: "12px",
  borderRadius: vars.radius.sm,
  background: vars.color.dangerBg,
  color: vars.color.text,
});

/** The browser's default button for Enter (Save): first in the form, never seen. */
export const defaultButton = style({ display: "none" });

export const valueRow = style({
  display: "grid",
  gridTemplateColumns: "1fr 2fr auto",
  gap: "8px",
  alignItems: "end",
});
