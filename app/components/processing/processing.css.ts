import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/*
 * The processing pages' own styles; forms, fieldsets, links, actions and the delete
 * confirmation are the admin pages' shared ones (groups.css), re-exported by name.
 */
export { actions, confirm, fieldset, form, legend, link } from "~/components/group/groups.css";

export const table = style({ width: "100%", borderCollapse: "collapse" });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "left",
  padding: "8px",
  verticalAlign: "middle",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const pair = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(160px, 1fr))",
  gap: "12px",
});

export const error = style({ color: vars.color.danger, fontWeight: 600 });

export const thumb = style({
  width: "64px",
  height: "64px",
  objectFit: "contain",
  background: `repeating-conic-gradient(${vars.color.border} 0% 25%, transparent 0% 50%) 50% / 16px 16px`,
  borderRadius: "4px",
});
