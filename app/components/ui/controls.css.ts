import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const buttonBase = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: "8px",
  minHeight: "40px",
  padding: "8px 16px",
  borderRadius: vars.radius.sm,
  border: "1px solid transparent",
  font: "inherit",
  fontWeight: 600,
  cursor: "pointer",
  textDecoration: "none",
  selectors: {
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
    "&[data-disabled]": { cursor: "not-allowed", opacity: 0.6 },
  },
});

export const button = styleVariants({
  primary: [
    buttonBase,
    {
      background: vars.color.accent,
      color: vars.color.accentText,
      selectors: {
        "&[data-hovered]:not([data-disabled]), &[data-pressed]": { filter: "brightness(1.1)" },
      },
    },
  ],
  secondary: [
    buttonBase,
    {
      background: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.border,
      selectors: {
        "&[data-hovered]:not([data-disabled]), &[data-pressed]": {
          background: vars.color.surfaceRaised,
        },
      },
    },
  ],
  // Deleting, revoking, rolling back: the action a confirmation guards.
  danger: [
    buttonBase,
    {
      background: vars.color.danger,
      color: vars.color.accentText,
      selectors: {
        "&[data-hovered]:not([data-disabled]), &[data-pressed]": { filter: "brightness(1.1)" },
      },
    },
  ],
  quiet: [
    buttonBase,
    {
      background: "transparent",
      color: "inherit",
      padding: "8px",
      selectors: {
        "&[data-hovered]:not([data-disabled]), &[data-pressed]": { textDecoration: "underline" },
      },
    },
  ],
});

export const field = style({
  display: "flex",
  flexDirection: "column",
  gap: "4px",
  marginBottom: "16px",
});
export const label = style({ fontWeight: 600 });
export const input = style({
  font: "inherit",
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: "8px 12px",
  minHeight: "40px",
  selectors: {
    "&[data-focused]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "1px" },
    "&[data-invalid]": { borderColor: vars.color.danger, borderWidth: "2px" },
    "&[data-disabled]": { opacity: 0.6 },
  },
});
/** A native `<select multiple>`: the no-JavaScript form of MultiSelectField. */
export const multiSelect = style({
  font: "inherit",
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: "6px 8px",
  minHeight: "120px",
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
    "&[aria-invalid='true']": { borderColor: vars.color.danger, borderWidth: "2px" },
  },
});
export const fieldError = style({ color: vars.color.danger, fontSize: "0.9rem" });
export const description = style({ color: vars.color.textMuted, fontSize: "0.9rem" });

export const radioGroup = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px 24px",
  marginBottom: "16px",
  border: 0,
  padding: 0,
});
export const radio = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "8px",
  cursor: "pointer",
  selectors: {
    "&::before": {
      content: '""',
      width: "18px",
      height: "18px",
      borderRadius: "50%",
      border: `2px solid ${vars.color.border}`,
      background: vars.color.surface,
      boxSizing: "border-box",
    },
    "&[data-selected]::before": { borderWidth: "6px", borderColor: vars.color.accent },
    "&[data-focus-visible]::before": {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: "2px",
    },
  },
});
export const legend = style({ fontWeight: 600, width: "100%", marginBottom: "4px" });

export const checkbox = style({
  display: "flex",
  alignItems: "center",
  gap: "10px",
  marginBottom: "16px",
  cursor: "pointer",
});
export const checkboxBox = style({
  width: "20px",
  height: "20px",
  flexShrink: 0,
  borderRadius: "4px",
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  selectors: {
    [`${checkbox}[data-selected] &`]: {
      background: vars.color.accent,
      borderColor: vars.color.accent,
      boxShadow: `inset 0 0 0 3px ${vars.color.surface}`,
    },
    [`${checkbox}[data-focus-visible] &`]: {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: "2px",
    },
  },
});
export const textarea = style([
  input,
  { minHeight: "120px", resize: "vertical", fontFamily: vars.font.mono, fontSize: "0.9rem" },
]);

/* CopyField: a read-only link and its copy button. */
export const copyField = style({
  display: "flex",
  gap: "8px",
  alignItems: "center",
  minWidth: "16rem",
});

export const copyInput = style({
  flex: 1,
  minWidth: "16ch",
  font: "inherit",
  fontFamily: vars.font.mono,
  fontSize: "0.85rem",
  padding: "6px 8px",
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

/** The error summary above a form (ErrorSummary.tsx): it takes focus, so it shows it. */
export const errorSummary = style({
  padding: "12px",
  borderRadius: vars.radius.md,
  background: vars.color.dangerBg,
  color: vars.color.text,
  selectors: { "&:focus": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" } },
});
globalStyle(`${errorSummary} a`, { color: vars.color.text, textDecoration: "underline" });
globalStyle(`${errorSummary} ul`, { margin: "4px 0 0", paddingLeft: "20px" });
