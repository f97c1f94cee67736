import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/* An album's page (decision 053): header, owner actions, the selection's album toolbar, dialogs. */

export const header = style({ display: "grid", gap: "6px" });
export const title = style({ margin: 0 });
export const facts = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "4px 16px",
  margin: 0,
  padding: 0,
  listStyle: "none",
  color: vars.color.textMuted,
});
export const description = style({ margin: 0, whiteSpace: "pre-wrap" });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: "8px", alignItems: "end" });
export const inlineForm = style({ display: "inline-flex", gap: "8px", alignItems: "end" });
export const section = style({
  display: "grid",
  gap: "8px",
  padding: "12px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const sectionTitle = style({ margin: 0, fontSize: "1rem" });
export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px",
  alignItems: "flex-end",
  padding: "8px 0",
});
// The move field's label stands above it: the buttons line up with its box, not its margin.
globalStyle(`${toolbar} > *`, { marginBottom: 0 });
export const popover = style({
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  padding: "4px",
});
export const menu = style({ display: "grid", outline: "none", minWidth: "200px" });
export const menuItem = style({
  display: "block",
  padding: "8px 12px",
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: "none",
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-focused], &[data-hovered]": {
      background: vars.color.accent,
      color: vars.color.accentText,
    },
  },
});
export const downloadLink = style({ fontSize: "0.85rem" });
export const mover = style({
  display: "inline-flex",
  borderRadius: vars.radius.sm,
  outline: "2px solid transparent",
  selectors: {
    "&[data-drop-target]": { outline: `2px solid ${vars.color.focus}` },
    "&[data-dragging]": { opacity: 0.5 },
    "&[data-draggable]": { cursor: "grab" },
  },
});
