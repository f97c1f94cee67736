import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/* The collection list and its tiles (spec 000 "Collections list", "Collection tile"). */

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
  gap: "16px",
});

export const tile = style({
  display: "flex",
  flexDirection: "column",
  borderRadius: vars.radius.md,
  overflow: "hidden",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  selectors: {
    // Guests browse read-only: a lighter, flat tile without the actions bar.
    "&[data-guest]": { borderStyle: "dashed", boxShadow: "none" },
    "&:not([data-guest])": { boxShadow: vars.shadow.raised },
  },
});

/** The coloured part; its background and text colour come from the archive (inline). */
export const tileLink = style({
  display: "flex",
  flexDirection: "column",
  textDecoration: "none",
  color: "inherit",
  outline: "none",
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "-3px" },
    "&:hover": { textDecoration: "underline" },
  },
});

export const cover = style({
  display: "block",
  aspectRatio: "4 / 3",
  width: "100%",
  objectFit: "cover",
  background: "rgba(0, 0, 0, 0.08)",
});

export const coverEmpty = style([cover, { background: "transparent" }]);

export const tileName = style({
  display: "flex",
  alignItems: "center",
  gap: "8px",
  padding: "10px 12px",
  fontWeight: 600,
  fontSize: "1.05rem",
  wordBreak: "break-word",
});

export const icon = style({ width: "20px", height: "20px", flex: "none", fill: "currentColor" });

export const tileActions = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "8px",
  padding: "8px",
  background: vars.color.surface,
  color: vars.color.text,
  borderTop: `1px solid ${vars.color.border}`,
});

export const inlineForm = style({ display: "contents" });

export const actionLink = style({
  color: vars.color.link,
  padding: "8px",
  fontWeight: 600,
});

export const pinButton = style({
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.accent,
      color: vars.color.accentText,
      borderColor: vars.color.accent,
    },
  },
});

export const choices = style({
  listStyle: "none",
  margin: "0 0 16px",
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(120px, 1fr))",
  gap: "8px",
});

export const choice = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "stretch",
  width: "100%",
  height: "100%",
  padding: "4px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  fontSize: "0.85rem",
  cursor: "pointer",
  wordBreak: "break-all",
  selectors: {
    "&[data-hovered], &[data-pressed]": { borderColor: vars.color.accent },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const choiceImage = style({
  display: "block",
  width: "100%",
  aspectRatio: "1 / 1",
  objectFit: "cover",
  marginBottom: "4px",
});

export const selectionActions = style({
  display: "flex",
  gap: "8px",
  justifyContent: "flex-end",
  alignItems: "center",
});

/** The add-archive tile (spec 001 "Archive dialog"): a list item among the archives. */
export const addTile = style([
  tileLink,
  {
    alignItems: "center",
    justifyContent: "center",
    gap: "8px",
    minHeight: "160px",
    fontWeight: 600,
    color: vars.color.link,
  },
]);
export const addSign = style({ fontSize: "2.5rem", lineHeight: 1 });
