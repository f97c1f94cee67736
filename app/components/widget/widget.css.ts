import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const bar = style({ display: "flex", flexWrap: "wrap", gap: "12px", alignItems: "end" });

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(140px, 1fr))",
  gap: "12px",
  padding: 0,
  margin: 0,
  listStyle: "none",
});

export const tile = style({
  display: "grid",
  gap: "6px",
  padding: "8px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: "8px",
  cursor: "pointer",
  overflowWrap: "anywhere",
});

export const thumb = style({
  width: "100%",
  aspectRatio: "1",
  objectFit: "contain",
  background: vars.color.border,
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "12px",
  alignItems: "center",
});

export const chosen = style({ display: "grid", gap: "8px", padding: 0, listStyle: "none" });

export const code = style({ fontFamily: "monospace", overflowWrap: "anywhere" });
