import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { text } from "~/styles/scale";

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: "12px 24px",
  marginBottom: "16px",
});

export const inlineForm = style({ display: "flex", alignItems: "flex-end", gap: "8px" });

export const searchError = style({ color: vars.color.danger, margin: "4px 0 0", fontWeight: 600 });

export const folders = style({
  display: "grid",
  gap: "4px",
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

/*
 * Square cells, as many as fit (issue 31, decision 089): the minimum follows the person's size
 * (small, medium, large), and on a phone the columns stay at 4, 3 or 2 however narrow.
 */
export const grid = style({
  vars: { "--tile": "150px", "--phone-columns": "3" },
  display: "grid",
  gridTemplateColumns:
    "repeat(auto-fill, minmax(min(var(--tile), calc((100% - (var(--phone-columns) - 1) * 8px) / var(--phone-columns))), 1fr))",
  gap: "12px 8px",
  listStyle: "none",
  padding: 0,
  margin: 0,
  selectors: {
    '&[data-size="small"]': { vars: { "--tile": "112px", "--phone-columns": "4" } },
    '&[data-size="large"]': { vars: { "--tile": "232px", "--phone-columns": "2" } },
  },
});

export const tile = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  gap: "4px",
  minWidth: 0,
  /*
   * A tile out of view is not styled, laid out or painted until it nears the viewport: a page of
   * tiles cost one long style and layout task on a phone, most of it for tiles nobody had seen.
   * The size stands in for them until they have been shown once (`auto` keeps the real one then).
   */
  contentVisibility: "auto",
  containIntrinsicSize: "auto 180px",
});

export const thumbLink = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  aspectRatio: "1 / 1",
  backgroundSize: "cover",
  backgroundColor: vars.color.surface,
  borderRadius: vars.radius.sm,
  overflow: "hidden",
  color: vars.color.link,
  padding: "4px",
  textAlign: "center",
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
    [`${tile}[data-selected] &`]: {
      outline: `3px solid ${vars.color.accent}`,
      outlineOffset: "2px",
    },
    [`${tile}[data-selected] &:focus-visible`]: { outlineColor: vars.color.focus },
  },
});

export const thumb = style({
  maxWidth: "100%",
  maxHeight: "100%",
  width: "auto",
  height: "auto",
  objectFit: "contain",
});

/** The name under the picture, one line. */
export const label = style({
  fontSize: text.sm,
  lineHeight: 1.3,
  padding: "0 2px",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

/*
 * Select and pin sit over the picture's top corners and show on hover and focus (and while they
 * are on); where there is no hover, on phones, they always show. They stay in the Tab order.
 */
export const overlay = style({
  position: "absolute",
  top: "6px",
  left: "6px",
  right: "6px",
  display: "flex",
  justifyContent: "space-between",
  alignItems: "flex-start",
  gap: "4px",
  pointerEvents: "none",
});

const reveal = {
  opacity: 0,
  pointerEvents: "auto",
  selectors: {
    [`${tile}:hover &, ${tile}:focus-within &`]: { opacity: 1 },
  },
  "@media": { "(hover: none)": { opacity: 1 } },
} as const;

/** A tile's own extras (the album's mover, a download link) under its name. */
export const tileActions = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "4px 8px",
  padding: "0 2px",
  fontSize: text.sm,
});

export const check = style({
  ...reveal,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "32px",
  height: "32px",
  borderRadius: vars.radius.sm,
  cursor: "pointer",
  selectors: {
    ...reveal.selectors,
    "&[data-selected], &:has(input:checked)": { opacity: 1 },
    // react-aria's Checkbox once hydrated; the native box before (it renders sixty times faster).
    "&[data-focus-visible], &:has(input:focus-visible)": {
      opacity: 1,
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: "1px",
    },
  },
});

export const checkBox = style({
  width: "22px",
  height: "22px",
  border: `2px solid ${vars.color.text}`,
  borderRadius: "4px",
  background: vars.color.surface,
  boxShadow: vars.shadow.raised,
  display: "grid",
  placeItems: "center",
  color: vars.color.accentText,
  fontSize: "14px",
  lineHeight: 1,
  selectors: {
    [`${check}[data-selected] &, ${check}:has(input:checked) &`]: {
      background: vars.color.accent,
      borderColor: vars.color.accent,
    },
  },
});

export const pinButton = style({
  ...reveal,
  font: "inherit",
  fontSize: "0.8rem",
  minHeight: "28px",
  padding: "2px 10px",
  borderRadius: "999px",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.raised,
  cursor: "pointer",
  selectors: {
    ...reveal.selectors,
    '&[aria-pressed="true"]': {
      opacity: 1,
      background: vars.color.accent,
      color: vars.color.accentText,
      borderColor: vars.color.accent,
    },
    "&[data-focus-visible], &:focus-visible": {
      opacity: 1,
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: "2px",
    },
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
