import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { FORM_WIDTH } from "~/styles/scale";

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "12px",
  alignItems: "flex-end",
  justifyContent: "space-between",
});

export const searchForm = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px",
  alignItems: "flex-end",
});

export const table = style({ width: "100%", borderCollapse: "collapse" });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "left",
  padding: "8px",
  verticalAlign: "top",
});

export const headRow = style({ borderBottom: `2px solid ${vars.color.border}` });
export const row = style({ borderBottom: `1px solid ${vars.color.border}` });

export const idCell = style({ width: "80px", fontVariantNumeric: "tabular-nums" });
export const actionsCell = style({ whiteSpace: "nowrap", display: "flex", gap: "12px" });

export const link = style({
  color: vars.color.link,
  selectors: { "&:focus-visible": { outline: `3px solid ${vars.color.focus}` } },
});

export const details = style({ maxWidth: "420px" });
export const summary = style({
  cursor: "pointer",
  color: vars.color.link,
  selectors: { "&:focus-visible": { outline: `3px solid ${vars.color.focus}` } },
});

export const memberLists = style({
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: "8px 16px",
  marginTop: "8px",
});

export const plainList = style({ margin: 0, paddingLeft: "18px" });

export const paging = style({
  display: "flex",
  gap: "12px",
  alignItems: "center",
  flexWrap: "wrap",
});

export const chooser = style({ position: "relative" });
export const chooserPanel = style({
  position: "absolute",
  right: 0,
  zIndex: 5,
  display: "grid",
  gap: "8px",
  padding: "12px",
  minWidth: "200px",
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.raised,
});

export const form = style({ display: "grid", gap: "16px", maxWidth: FORM_WIDTH });

export const fieldset = style({
  display: "grid",
  gap: "8px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: "8px",
  padding: "12px 16px",
  margin: 0,
});

export const legend = style({ fontWeight: 600, padding: "0 4px" });

export const flags = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
  gap: "4px 16px",
});

/** When a flag takes effect, or why a section grants nothing (decision 085). */
export const flagNote = style({
  display: "block",
  color: vars.color.textMuted,
  fontSize: "0.8rem",
  margin: "-4px 0 4px",
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px",
  alignItems: "center",
});

export const confirm = style({
  display: "grid",
  gap: "8px",
  padding: "12px",
  borderRadius: "8px",
  background: vars.color.dangerBg,
  color: vars.color.text,
});

export const propertyRow = style({
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: "8px",
});

export const error = style({ color: vars.color.danger });

export const nativeInput = style({
  font: "inherit",
  padding: "8px",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}` },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});
