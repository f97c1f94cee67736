import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { FORM_WIDTH } from "~/styles/scale";

export const header = style({
  background: vars.color.headerBg,
  color: vars.color.headerText,
  padding: "12px 16px",
  fontWeight: 700,
  fontSize: "1.25rem",
});

export const intro = style({ display: "grid", gap: "4px" });
export const title = style({ margin: 0 });
export const byline = style({ margin: 0, color: vars.color.textMuted });

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))",
  gap: "12px",
  padding: 0,
  margin: 0,
  listStyle: "none",
});

export const tile = style({
  display: "grid",
  gap: "6px",
  alignContent: "start",
  padding: "8px",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const tileLink = style({
  display: "grid",
  gap: "6px",
  color: vars.color.link,
  textDecoration: "none",
  selectors: {
    "&:hover": { textDecoration: "underline" },
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const thumb = style({
  width: "100%",
  aspectRatio: "1",
  objectFit: "contain",
  background: vars.color.bg,
  borderRadius: vars.radius.sm,
});

export const name = style({ overflowWrap: "anywhere" });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px",
  alignItems: "center",
});

export const paging = style({ display: "flex", gap: "16px" });

export const preview = style({
  maxWidth: "100%",
  maxHeight: "75vh",
  objectFit: "contain",
  justifySelf: "start",
});

export const passwordForm = style({ display: "grid", gap: "12px", maxWidth: FORM_WIDTH });
