import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { FORM_WIDTH } from "~/styles/scale";

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: "8px",
});

export const row = style({
  display: "grid",
  gridTemplateColumns: "minmax(120px, auto) 1fr minmax(120px, auto) auto",
  gap: "12px",
  alignItems: "center",
  padding: "12px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  selectors: { '&[data-editing="true"]': { display: "block" } },
  "@media": { "screen and (max-width: 640px)": { gridTemplateColumns: "1fr" } },
});

export const searchText = style({ overflowWrap: "anywhere", fontFamily: "monospace" });

export const actions = style({ display: "flex", gap: "8px", alignItems: "center" });

export const editForm = style({ display: "grid", gap: "12px", maxWidth: FORM_WIDTH });

export const link = style({ color: vars.color.link });

export const success = style({
  padding: "12px 16px",
  borderRadius: vars.radius.sm,
  borderLeft: "4px solid currentColor",
  background: vars.color.successBg,
  color: vars.color.success,
  display: "flex",
  gap: "8px",
  alignItems: "center",
  flexWrap: "wrap",
});

export const create = style({
  display: "flex",
  gap: "8px",
  alignItems: "center",
  flexWrap: "wrap",
});

const spin = keyframes({ to: { transform: "rotate(360deg)" } });

export const spinner = style({
  display: "inline-block",
  width: "1em",
  height: "1em",
  border: "2px solid currentColor",
  borderRightColor: "transparent",
  borderRadius: "50%",
  animation: `${spin} 0.8s linear infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
});

export const menuPopover = style({
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  padding: "8px",
  minWidth: "min(260px, calc(100vw - 24px))",
  maxWidth: "min(360px, calc(100vw - 24px))",
});

export const menu = style({ outline: "none", display: "grid", gap: "2px" });

export const menuStatus = style({ margin: 0, padding: "6px 8px", color: vars.color.textMuted });

export const menuItem = style({
  padding: "6px 8px",
  borderRadius: vars.radius.sm,
  color: vars.color.link,
  cursor: "pointer",
  outline: "none",
  overflowWrap: "anywhere",
  selectors: {
    "&[data-focused]": { background: vars.color.surface, outline: `2px solid ${vars.color.focus}` },
    "&[data-disabled]": { color: vars.color.textMuted, cursor: "default" },
  },
});
