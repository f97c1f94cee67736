import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { space, text } from "~/styles/scale";

/** Below this width the navigation pane is a drawer (issue 31). */
const WIDE = "screen and (min-width: 960px)";
const NARROW = "screen and (max-width: 959.98px)";

/** The archive page: the navigation pane on the left, the bar and the grid beside it. */
export const browse = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: "16px",
  "@media": {
    [WIDE]: { gridTemplateColumns: "248px minmax(0, 1fr)" },
  },
  selectors: {
    '&[data-pane="closed"]': { gridTemplateColumns: "minmax(0, 1fr)" },
  },
});

export const content = style({
  display: "grid",
  gap: space[2],
  alignContent: "start",
  minWidth: 0,
});

/*
 * The pane: a sticky column on wide screens (hidden when closed); on narrow ones a drawer that
 * its link opens through :target, so it needs no script.
 */
export const sidebar = style({
  minWidth: 0,
  fontSize: "0.95rem",
  "@media": {
    [WIDE]: {
      position: "sticky",
      top: "8px",
      alignSelf: "start",
      maxHeight: "calc(100vh - 16px)",
      overflowY: "auto",
      paddingRight: "8px",
      borderRight: `1px solid ${vars.color.border}`,
    },
    [NARROW]: {
      display: "none",
      position: "fixed",
      inset: "0 auto 0 0",
      zIndex: 40,
      width: "min(340px, 88vw)",
      overflowY: "auto",
      padding: "16px",
      background: vars.color.surfaceRaised,
      boxShadow: `0 0 0 100vmax ${vars.color.overlay}`,
    },
  },
  selectors: {
    [`${browse}[data-pane="closed"] &`]: { display: "none" },
    "&:target, &[data-open]": { display: "block" },
  },
});

export const paneHead = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "8px",
  marginBottom: "4px",
});

export const paneTitle = style({ fontSize: text.base, margin: 0 });

export const onlyWide = style({ "@media": { [NARROW]: { display: "none" } } });
export const onlyNarrow = style({ "@media": { [WIDE]: { display: "none" } } });

/** Shown on wide screens only while the pane is closed, and on narrow ones always. */
export const paneOpener = style({
  "@media": { [WIDE]: { selectors: { [`${browse}[data-pane="open"] &`]: { display: "none" } } } },
});

/** Title, search, sort and size in one bar above the grid. */
export const bar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: `${space[2]} ${space[4]}`,
});

export const title = style({
  fontSize: text.xl,
  lineHeight: 1.2,
  margin: "0 auto 6px 0",
  overflowWrap: "anywhere",
});

export const barLinks = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "4px 12px",
  alignItems: "baseline",
  margin: 0,
  color: vars.color.textMuted,
  fontSize: text.sm,
});

export const sizeGroup = style({ display: "flex", flexDirection: "column", gap: "4px" });
export const sizeButtons = style({ display: "flex" });
export const sizeButton = style({
  font: "inherit",
  fontSize: "0.9rem",
  minHeight: "40px",
  padding: "4px 10px",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
  selectors: {
    "&:first-child": { borderRadius: `${vars.radius.sm} 0 0 ${vars.radius.sm}` },
    "&:last-child": { borderRadius: `0 ${vars.radius.sm} ${vars.radius.sm} 0` },
    "& + &": { marginLeft: "-1px" },
    '&[aria-pressed="true"]': {
      background: vars.color.accent,
      color: vars.color.accentText,
      borderColor: vars.color.accent,
      fontWeight: 600,
    },
    "&[data-hovered]": { borderColor: vars.color.text },
    "&[data-focus-visible]": {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: "2px",
      position: "relative",
    },
  },
});

export const sizeLabel = style({ fontWeight: 600 });

export const description = style({ margin: 0, maxWidth: "70ch" });
