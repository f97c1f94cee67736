import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const popover = style({
  width: "min(560px, calc(100vw - 24px))",
  maxHeight: "calc(100vh - 80px)",
  overflowY: "auto",
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  outline: "none",
});
export const page = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: "24px",
  maxWidth: "640px",
  margin: "0 auto",
  width: "100%",
});
export const dialog = style({ padding: "16px", outline: "none" });
export const title = style({ margin: "0 0 12px", fontSize: "1.2rem" });

export const form = style({ display: "grid", gap: "4px" });
/** Only the browser's default button for Enter; never seen or focused. */
export const defaultButton = style({ display: "none" });

export const fieldset = style({ border: 0, padding: 0, margin: "0 0 8px", minWidth: 0 });
export const legend = style({ fontWeight: 600, padding: 0, marginBottom: "8px" });

export const criterion = style({
  display: "grid",
  gridTemplateColumns: "minmax(120px, 1fr) minmax(140px, 2fr) auto",
  alignItems: "start",
  gap: "0 8px",
});
export const removeButton = style({ marginTop: "28px" });

export const pair = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(160px, 1fr))",
  gap: "0 12px",
});

export const block = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: "0 12px",
  marginBottom: "12px",
});
export const blockSummary = style({
  cursor: "pointer",
  fontWeight: 600,
  padding: "10px 0",
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});
export const blockBody = style({ paddingBottom: "4px" });

export const actions = style({
  display: "flex",
  justifyContent: "flex-end",
  gap: "8px",
  flexWrap: "wrap",
  marginTop: "4px",
});

export const select = style({
  font: "inherit",
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: "8px 12px",
  minHeight: "40px",
  width: "100%",
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "8px",
  cursor: "pointer",
  textAlign: "start",
  selectors: {
    "&[data-focus-visible], &:focus-visible": {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: "1px",
    },
    "[data-invalid] > &, &[aria-invalid='true']": {
      borderColor: vars.color.danger,
      borderWidth: "2px",
    },
  },
});
export const selectPopover = style({
  minWidth: "var(--trigger-width)",
  maxHeight: "300px",
  overflowY: "auto",
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.raised,
});
export const listBox = style({ outline: "none", padding: "4px" });
export const option = style({
  padding: "6px 10px",
  borderRadius: vars.radius.sm,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-focused], &[data-hovered]": { background: vars.color.bg },
    "&[data-selected]": { fontWeight: 700 },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}` },
  },
});

/** The tick beside a chosen option where several may be chosen. */
export const optionCheck = style({ display: "inline-block", width: "1.25em" });

export const trigger = style({ whiteSpace: "nowrap" });

export const hint = style({ margin: "0 0 8px", color: vars.color.textMuted, fontSize: "0.9rem" });
