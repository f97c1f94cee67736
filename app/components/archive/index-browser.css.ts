import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/* The index browser modal (spec 001 "Index browser modal"; decision 042). */

export const searchRow = style({
  display: "flex",
  gap: "8px",
  alignItems: "end",
  flexWrap: "wrap",
});

export const combo = style({ display: "grid", gap: "4px", flex: "1 1 320px" });

export const comboInput = style({ display: "flex" });

export const input = style({
  flex: 1,
  font: "inherit",
  padding: "6px 8px",
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  selectors: { "&[data-focused]": { outline: `2px solid ${vars.color.focus}` } },
});

export const popover = style({
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  minWidth: "var(--trigger-width)",
  overflow: "auto",
});

export const option = style({
  padding: "6px 8px",
  cursor: "default",
  outline: "none",
  selectors: {
    "&[data-focused], &[data-hovered]": {
      background: vars.color.accent,
      color: vars.color.accentText,
    },
  },
});

export const switchRoot = style({
  display: "flex",
  alignItems: "center",
  gap: "8px",
  selectors: { "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}` } },
});

export const indicator = style({
  width: "36px",
  height: "20px",
  borderRadius: "10px",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  position: "relative",
  selectors: {
    [`${switchRoot}[data-selected] &`]: { background: vars.color.accent },
    "&::after": {
      content: '""',
      position: "absolute",
      top: "2px",
      left: "2px",
      width: "14px",
      height: "14px",
      borderRadius: "50%",
      background: vars.color.text,
    },
    [`${switchRoot}[data-selected] &::after`]: { left: "18px", background: vars.color.accentText },
  },
});

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  outline: "none",
  selectors: { "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}` } },
});

export const tableBox = style({ maxHeight: "60vh", overflow: "auto" });

export const column = style({
  textAlign: "left",
  padding: "6px 8px",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const row = style({
  cursor: "default",
  outline: "none",
  selectors: {
    "&[data-hovered]": { background: vars.color.bg },
    "&[data-selected]": { background: vars.color.accent, color: vars.color.accentText },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "-2px" },
  },
});

export const cell = style({ padding: "6px 8px", wordBreak: "break-all" });

export const actions = style({ display: "flex", gap: "8px", justifyContent: "flex-end" });
