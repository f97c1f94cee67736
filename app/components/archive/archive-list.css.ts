import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "12px",
  alignItems: "center",
  justifyContent: "space-between",
});

export const list = style({
  display: "grid",
  gap: "4px",
  padding: 0,
  margin: 0,
  outline: "none",
  selectors: {
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}` },
    "&[data-drop-target]": { outline: `2px dashed ${vars.color.accent}` },
  },
});

/*
 * On a phone the row's five columns do not fit: the handle and the name keep the first line, the
 * state and the actions go under the name.
 */
const PHONE = "screen and (max-width: 640px)";

export const row = style({
  display: "grid",
  gridTemplateColumns: "auto minmax(8rem, 1fr) auto auto auto",
  "@media": { [PHONE]: { gridTemplateColumns: "auto minmax(0, 1fr)" } },
  gap: "12px",
  alignItems: "center",
  padding: "8px",
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  outline: "none",
  selectors: {
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "-3px" },
    "&[data-hovered]": { background: vars.color.bg },
    "&[data-dragging]": { opacity: 0.5 },
  },
});

globalStyle(`${row} > :nth-child(n + 3)`, {
  "@media": { [PHONE]: { gridColumn: "2 / -1" } },
});

export const dropIndicator = style({
  selectors: {
    "&[data-drop-target]": { outline: `2px solid ${vars.color.accent}` },
  },
});

export const handle = style({
  cursor: "grab",
  border: "none",
  background: "transparent",
  color: vars.color.text,
  fontSize: "1.1rem",
  padding: "4px",
  selectors: { "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}` } },
});

export const name = style({ display: "grid", gap: "2px", minWidth: 0, wordBreak: "break-word" });

export const state = style({ fontSize: "0.9rem" });
export const hidden = style({ color: vars.color.textMuted, fontStyle: "italic" });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: "6px" });
export const inline = style({ display: "inline" });

export const link = style({
  color: vars.color.link,
  selectors: { "&:focus-visible": { outline: `3px solid ${vars.color.focus}` } },
});

export const confirm = style({
  display: "grid",
  gap: "12px",
  padding: "16px",
  border: `2px solid ${vars.color.danger}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const confirmActions = style({ display: "flex", gap: "12px", alignItems: "center" });

export const table = style({ width: "100%", borderCollapse: "collapse" });
export const cell = style({
  textAlign: "left",
  padding: "8px",
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
});
