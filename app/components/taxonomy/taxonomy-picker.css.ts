import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/* The taxonomy picker (decision 060): its tree popover and the plain browse page's list. */

export const picker = style({ display: "grid", gap: "6px", marginBottom: "12px" });
export const row = style({ display: "flex", gap: "6px", alignItems: "stretch", flexWrap: "wrap" });
export const combo = style({ flex: "1 1 14rem", display: "grid", gap: "4px" });
export const popover = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.raised,
  padding: "8px",
  minWidth: "min(22rem, 90vw)",
  maxHeight: "min(28rem, 70vh)",
  overflow: "auto",
});
export const tree = style({ outline: "none", display: "grid", gap: "2px" });
export const treeItem = style({
  padding: "4px 6px",
  borderRadius: vars.radius.sm,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-focused], &[data-hovered]": { background: vars.color.surfaceRaised },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "-3px" },
    '&[data-selectable="false"]': { cursor: "default", color: vars.color.textMuted },
  },
});
export const treeRow = style({
  display: "flex",
  alignItems: "center",
  gap: "4px",
  paddingInlineStart: "calc((var(--tree-item-level, 1) - 1) * 1.25rem)",
});
export const chevron = style({
  font: "inherit",
  border: 0,
  background: "transparent",
  color: "inherit",
  width: "1.5rem",
  cursor: "pointer",
  padding: 0,
  selectors: { "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}` } },
});
export const spacer = style({ display: "inline-block", width: "1.5rem" });
export const heading = style({ fontStyle: "italic" });
export const list = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gap: "6px",
});
export const entry = style({ display: "flex", gap: "8px", alignItems: "center", flexWrap: "wrap" });
export const crumbs = style({
  display: "flex",
  gap: "6px",
  flexWrap: "wrap",
  padding: 0,
  margin: 0,
});
export const link = style({ color: vars.color.link });
export const addRow = style({
  display: "flex",
  gap: "6px",
  alignItems: "flex-end",
  flexWrap: "wrap",
  marginTop: "8px",
  paddingTop: "8px",
  borderTop: `1px solid ${vars.color.border}`,
});
// A term's Edit button, at the end of its row in the popover's tree.
export const rowAction = style({
  marginInlineStart: "auto",
  font: "inherit",
  fontSize: "0.875em",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.link,
  padding: "0 6px",
  cursor: "pointer",
  selectors: { "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}` } },
});
export const popoverFooter = style({ display: "flex", justifyContent: "flex-end" });

/** The tree's dialog inside its popover. */
export const treeDialog = style({ padding: "20px", outline: "none" });
