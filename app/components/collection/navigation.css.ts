import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { FORM_WIDTH } from "~/styles/scale";

export const pane = style({
  display: "grid",
  gap: "8px",
  marginBottom: "16px",
});

export const list = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gap: "4px",
});

export const nested = style({ listStyle: "none", margin: "4px 0 0", paddingLeft: "16px" });

export const entry = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  alignItems: "center",
  gap: "4px 8px",
  selectors: {
    "&[data-current]": { fontWeight: 700 },
  },
});

export const inline = style({ display: "inline" });

export const small = style({ padding: "2px 8px", fontSize: "0.85rem" });

export const editForm = style({
  display: "grid",
  gap: "8px",
  maxWidth: FORM_WIDTH,
  padding: "8px 0",
});

export const summary = style({ cursor: "pointer", color: vars.color.text });

export const muted = style({ color: vars.color.textMuted, margin: 0 });

export const formError = style({ color: vars.color.danger, margin: 0 });

/** An action inside an entry's menu: the width of the menu, its words at the start. */
export const menuItem = style({ width: "100%", justifyContent: "flex-start", textAlign: "left" });
