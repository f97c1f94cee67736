import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { FORM_WIDTH } from "~/styles/scale";

/* The albums page (spec 000 "Albums page"): its action panel, search, filters and tiles. */

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "12px",
});

export const search = style({ display: "flex", gap: "8px", alignItems: "flex-end" });

export const searchInput = style({
  padding: "8px 10px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  minWidth: "14rem",
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "1px" },
  },
});

export const filters = style({
  display: "flex",
  gap: "4px",
  listStyle: "none",
  margin: 0,
  padding: 0,
});

const filterBase = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "40px",
  height: "40px",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
  outline: "none",
} as const;

/** A filter icon: a link without JavaScript, a button with it; the active one is filled. */
export const filter = style({
  ...filterBase,
  selectors: {
    '&[aria-current="page"], &[aria-pressed="true"]': {
      background: vars.color.accent,
      color: vars.color.accentText,
      borderColor: vars.color.accent,
    },
    "&:focus-visible, &[data-focus-visible]": {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: "2px",
    },
    "&:hover, &[data-hovered]": { borderColor: vars.color.accent },
  },
});

export const filterIcon = style({ width: "22px", height: "22px", fill: "currentColor" });

export const tooltip = style({
  background: vars.color.headerBg,
  color: vars.color.headerText,
  padding: "4px 8px",
  borderRadius: vars.radius.sm,
  fontSize: "0.85rem",
  boxShadow: vars.shadow.raised,
});

export const popover = style({
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  padding: "16px",
  minWidth: "18rem",
});

export const popoverDialog = style({ outline: "none", display: "grid", gap: "12px" });

export const createPanel = style({
  display: "grid",
  gap: "12px",
  maxWidth: FORM_WIDTH,
  padding: "16px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const row = style({ display: "flex", flexWrap: "wrap", gap: "8px", alignItems: "center" });

export const owner = style({
  padding: "0 12px 10px",
  fontSize: "0.9rem",
  marginTop: "-6px",
});

/** The name takes the room left and wraps; the count keeps to one line beside it. */
export const name = style({ flex: "1 1 auto", minWidth: 0 });

export const count = style({
  fontWeight: 400,
  fontSize: "0.9rem",
  marginLeft: "auto",
  flex: "none",
  whiteSpace: "nowrap",
});

export const empty = style({
  padding: "24px",
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const paging = style({ display: "flex", gap: "16px" });

export const actionLink = style({ color: vars.color.link, fontWeight: 600, padding: "8px" });
