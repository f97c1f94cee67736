import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: "0.95rem",
  selectors: {},
});

export const cell = style({
  padding: "6px 8px",
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
  verticalAlign: "top",
});

export const current = style({
  background: vars.color.surfaceRaised,
});

export const badge = style({
  display: "inline-block",
  marginLeft: "6px",
  padding: "0 6px",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  fontSize: "0.85rem",
});

export const actions = style({ display: "flex", flexWrap: "wrap", gap: "6px" });

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "8px 16px",
  marginTop: "8px",
});

export const sideBySide = style({
  display: "grid",
  gap: "16px",
  gridTemplateColumns: "repeat(auto-fit, minmax(240px, 1fr))",
  alignItems: "start",
});

export const figure = style({ margin: 0, display: "grid", gap: "4px" });

export const image = style({
  maxWidth: "100%",
  height: "auto",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const changed = style({ fontWeight: 700 });
