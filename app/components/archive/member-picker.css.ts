import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: 50,
  background: vars.color.overlay,
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "center",
  padding: "6vh 16px",
});

export const modal = style({
  width: "min(720px, 100%)",
  maxHeight: "88vh",
  overflow: "auto",
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
});

export const dialog = style({ display: "grid", gap: "12px", padding: "16px", outline: "none" });
export const title = style({ margin: 0, fontSize: "1.2rem" });

export const tabList = style({
  display: "flex",
  gap: "4px",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  padding: "8px 12px",
  cursor: "pointer",
  color: vars.color.text,
  borderBottom: "3px solid transparent",
  selectors: {
    "&[data-selected]": { borderBottomColor: vars.color.accent, fontWeight: 600 },
    "&[data-hovered]": { background: vars.color.surface },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const panel = style({ display: "grid", gap: "8px", paddingTop: "12px", outline: "none" });

export const grid = style({
  display: "grid",
  alignContent: "start",
  // The spec's 60vh, bounded so Add stays in view on a short screen.
  height: "min(60vh, 320px)",
  overflow: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  outline: "none",
  selectors: {
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "1px" },
  },
});

export const row = style({
  display: "flex",
  alignItems: "center",
  gap: "10px",
  padding: "6px 10px",
  borderBottom: `1px solid ${vars.color.border}`,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-hovered]": { background: vars.color.surface },
    "&[data-selected]": { background: vars.color.surface },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "-3px" },
    "&[data-disabled]": { cursor: "default", color: vars.color.textMuted },
  },
});

export const rowText = style({ display: "grid", gap: "2px", minWidth: 0 });
export const rowDetail = style({ color: vars.color.textMuted, fontSize: "0.85rem" });

export const checkbox = style({ display: "inline-flex" });
export const square = style({
  width: "20px",
  height: "20px",
  flexShrink: 0,
  borderRadius: "4px",
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  selectors: {
    [`${checkbox}[data-selected] &`]: {
      background: vars.color.accent,
      borderColor: vars.color.accent,
      boxShadow: `inset 0 0 0 3px ${vars.color.surface}`,
    },
    [`${checkbox}[data-disabled] &`]: { opacity: 0.5 },
  },
});

export const bar = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px",
  alignItems: "center",
  justifyContent: "space-between",
});

export const paging = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "4px",
  alignItems: "center",
});

export const status = style({ color: vars.color.textMuted, fontSize: "0.9rem" });
export const error = style({ color: vars.color.danger });

export const popover = style({
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.raised,
  maxHeight: "50vh",
  overflow: "auto",
});
export const menu = style({ display: "grid", outline: "none", minWidth: "240px", padding: "4px" });
export const menuItem = style({
  padding: "8px 12px",
  cursor: "pointer",
  outline: "none",
  borderRadius: vars.radius.sm,
  selectors: {
    "&[data-focused]": { background: vars.color.surface, outline: `2px solid ${vars.color.focus}` },
  },
});
