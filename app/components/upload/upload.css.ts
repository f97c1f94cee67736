import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const popover = style({
  width: "min(440px, calc(100vw - 24px))",
  maxHeight: "calc(100vh - 80px)",
  overflowY: "auto",
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  outline: "none",
});
export const dialog = style({ padding: "16px", outline: "none", display: "grid", gap: "12px" });
export const title = style({ margin: 0, fontSize: "1.2rem" });

export const dropZone = style({
  display: "grid",
  justifyItems: "center",
  gap: "8px",
  padding: "16px",
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  textAlign: "center",
  selectors: {
    "&[data-drop-target]": { borderColor: vars.color.accent, background: vars.color.bg },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const files = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: "8px",
  maxHeight: "280px",
  overflowY: "auto",
});
export const file = style({
  display: "grid",
  gridTemplateColumns: "1fr auto",
  alignItems: "center",
  gap: "4px 8px",
  padding: "8px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  selectors: {
    '&[data-status="failed"]': { borderLeft: `4px solid ${vars.color.danger}` },
    '&[data-status="done"]': { borderLeft: `4px solid ${vars.color.success}` },
  },
});
export const fileName = style({ fontWeight: 600, wordBreak: "break-all" });
export const fileStatus = style({ gridColumn: "1 / -1", fontSize: "0.9rem" });
export const fileError = style([fileStatus, { color: vars.color.danger }]);

export const progress = style({ gridColumn: "1 / -1", display: "grid", gap: "2px" });
export const track = style({
  height: "6px",
  borderRadius: "3px",
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  overflow: "hidden",
});
export const fill = style({ height: "100%", background: vars.color.accent });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px",
  justifyContent: "flex-end",
});
