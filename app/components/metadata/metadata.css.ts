import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const regions = style({ display: "grid", gap: "24px" });

// Wide tables scroll inside their own box on a narrow screen instead of widening the page.
export const table = style({
  borderCollapse: "collapse",
  width: "100%",
  fontSize: "0.95rem",
});

export const cell = style({
  textAlign: "start",
  padding: "6px 10px",
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
});

export const headCell = style([cell, { fontWeight: 600, color: vars.color.text }]);

export const code = style({ fontFamily: vars.font.mono });
