import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { FORM_WIDTH } from "~/styles/scale";

export const form = style({ display: "grid", gap: "16px", maxWidth: FORM_WIDTH });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: "8px" });

export const list = style({
  display: "grid",
  gap: "12px",
  padding: 0,
  margin: 0,
  listStyle: "none",
});

export const item = style({
  display: "grid",
  gap: "8px",
  padding: "12px 16px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: "8px",
});

export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: "4px 12px",
  margin: 0,
  overflowWrap: "anywhere",
});

export const code = style({
  fontFamily: vars.font.mono,
  overflowWrap: "anywhere",
});

export const fieldset = style({
  display: "grid",
  gap: "8px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: "8px",
  padding: "12px 16px",
  margin: 0,
});

export const legend = style({ fontWeight: 600, padding: "0 4px" });

export const confirm = style({
  display: "grid",
  gap: "8px",
  padding: "12px",
  borderRadius: "8px",
  background: vars.color.dangerBg,
  color: vars.color.text,
});

export const cancel = style({ alignSelf: "center", color: vars.color.link });

export const secret = style({
  display: "grid",
  gap: "8px",
  padding: "12px 16px",
  borderRadius: "8px",
  background: vars.color.warningBg,
  color: vars.color.text,
});
