import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: "12px 24px",
  marginBottom: "16px",
});

export const inlineForm = style({ display: "flex", alignItems: "flex-end", gap: "8px" });

export const searchError = style({ color: vars.color.danger, margin: "4px 0 0", fontWeight: 600 });

export const nativeSelect = style({
  font: "inherit",
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: "8px 12px",
  minHeight: "40px",
});

export const selectButton = style([
  nativeSelect,
  {
    display: "inline-flex",
    alignItems: "center",
    gap: "8px",
    cursor: "pointer",
    selectors: {
      "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
    },
  },
]);

export const listBox = style({
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.raised,
  padding: "4px",
  outline: "none",
  minWidth: "var(--trigger-width)",
});

export const option = style({
  padding: "8px 12px",
  borderRadius: vars.radius.sm,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-focused], &[data-hovered]": {
      background: vars.color.accent,
      color: vars.color.accentText,
    },
    "&[data-selected]": { fontWeight: 700 },
  },
});

export const folders = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px",
  listStyle: "none",
  padding: 0,
});
export const breadcrumbs = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "4px",
  listStyle: "none",
  padding: 0,
});

export const selectionBar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "8px",
  padding: "8px 0",
  background: vars.color.bg,
});

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))",
  gap: "16px",
  listStyle: "none",
  padding: 0,
  margin: 0,
});

export const tile = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: "hidden",
  /*
   * A tile out of view is not styled, laid out or painted until it nears the viewport: a page of
   * tiles cost one long style and layout task on a phone, most of it for tiles nobody had seen.
   * The size stands in for them until they have been shown once (`auto` keeps the real one then).
   */
  contentVisibility: "auto",
  containIntrinsicSize: "auto 320px",
  selectors: {
    "&[data-selected]": { outline: `3px solid ${vars.color.accent}`, outlineOffset: "1px" },
  },
});

export const thumbLink = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  aspectRatio: "1 / 1",
  backgroundSize: "cover",
  color: vars.color.link,
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "-3px" },
  },
});

export const thumb = style({
  maxWidth: "100%",
  maxHeight: "100%",
  width: "auto",
  height: "auto",
  objectFit: "contain",
});

export const caption = style({ padding: "8px", display: "grid", gap: "2px", minWidth: 0 });
export const label = style({
  fontWeight: 600,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});
export const firstLine = style({
  color: vars.color.textMuted,
  fontSize: "0.9rem",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

export const tileActions = style({
  display: "flex",
  // A tile's own extras (the album's Drag handle) go to the next line rather than past its edge.
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "8px",
  padding: "0 8px 8px",
});

export const check = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "6px",
  cursor: "pointer",
  minHeight: "32px",
  selectors: {
    // react-aria's Checkbox once hydrated; the native box before (it renders sixty times faster).
    "&[data-focus-visible], &:has(input:focus-visible)": {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: "2px",
    },
  },
});

export const checkBox = style({
  width: "18px",
  height: "18px",
  border: `2px solid ${vars.color.border}`,
  borderRadius: "3px",
  background: vars.color.surface,
  selectors: {
    [`${check}[data-selected] &, ${check}:has(input:checked) &`]: {
      background: vars.color.accent,
      borderColor: vars.color.accent,
    },
  },
});

export const pinButton = style({
  font: "inherit",
  minHeight: "32px",
  padding: "4px 10px",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.accent,
      color: vars.color.accentText,
      borderColor: vars.color.accent,
    },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
    "&[data-disabled]": { opacity: 0.6 },
  },
});

export const pager = style({
  display: "flex",
  gap: "16px",
  justifyContent: "center",
  margin: "24px 0",
});
export const sentinel = style({ height: "1px" });
export const status = style({ textAlign: "center", color: vars.color.textMuted, margin: "16px 0" });
export const formButton = style({ marginBottom: "16px" });

/** A section heading of the archive's navigation pane (smart folders, consent status). */
export const navHeading = style({ fontSize: "1rem", margin: "12px 0 4px" });

/** The skip link's target: focused by it, never outlined (the tiles inside show focus). */
export const results = style({ outline: "none" });
