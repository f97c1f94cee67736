import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px 16px",
  alignItems: "end",
});

export const searchField = style({ display: "grid", gap: "4px", minWidth: "240px" });

export const searchInput = style({
  font: "inherit",
  padding: "6px 8px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px",
  alignItems: "center",
});

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: "0.95rem",
});

globalStyle(`${table} th, ${table} td`, {
  textAlign: "start",
  padding: "8px",
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "middle",
});

export const checkboxCell = style({ width: "40px" });
export const idCell = style({ width: "80px" });

export const sortLink = style({ color: vars.color.link, fontWeight: 600 });

export const inactive = style({ color: vars.color.textMuted, fontStyle: "italic" });

export const expired = style({
  color: vars.color.danger,
  background: vars.color.dangerBg,
  padding: "0 4px",
  borderRadius: vars.radius.sm,
  fontWeight: 600,
});

export const badge = style({
  display: "inline-block",
  marginInlineStart: "8px",
  padding: "0 6px",
  borderRadius: vars.radius.sm,
  background: vars.color.successBg,
  color: vars.color.text,
  fontSize: "0.8rem",
  fontWeight: 600,
  fontStyle: "normal",
});

export const rowActions = style({ display: "flex", flexWrap: "wrap", gap: "8px" });

export const link = style({ color: vars.color.link });

export const pager = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "12px",
  alignItems: "center",
});

export const disclosure = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: "6px 12px",
  background: vars.color.surface,
});

export const disclosureBody = style({ display: "grid", gap: "8px", paddingTop: "8px" });

export const plainList = style({
  margin: 0,
  paddingInlineStart: "20px",
  display: "grid",
  gap: "4px",
});

export const confirm = style({
  display: "grid",
  gap: "8px",
  padding: "12px",
  borderRadius: vars.radius.md,
  background: vars.color.dangerBg,
  color: vars.color.text,
});

export const form = style({ display: "grid", gap: "16px" });

export const section = style({
  display: "grid",
  gap: "12px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: "12px 16px",
});

export const columns = style({
  display: "grid",
  gap: "12px",
  gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))",
});

export const errorSummary = style({
  padding: "12px",
  borderRadius: vars.radius.md,
  background: vars.color.dangerBg,
  color: vars.color.text,
});

export const nativeCheckbox = style({ display: "flex", gap: "8px", alignItems: "center" });

export const nativeSelect = style({
  font: "inherit",
  padding: "6px 8px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
});

export const fieldRow = style({ display: "grid", gap: "4px" });
export const label = style({ fontWeight: 600 });
export const fieldError = style({ color: vars.color.danger, fontSize: "0.9rem" });
