/*
 * Cells of the CSV files we write, made safe to open in a spreadsheet (issue 29, decision 070):
 * a cell starting with = + - @ (or a tab or carriage return, which some spreadsheets skip before
 * reading a formula) runs as a formula there, so `=HYPERLINK(...)` in a taxonomy item's name
 * would become a live link in the administrator's spreadsheet. As OWASP advises, such a cell gets
 * a leading single quote, which spreadsheets show as text. Reading our own files takes it off
 * again, and a value that itself starts with quotes before such a character gets one more, so
 * every value comes back exactly.
 */

const FORMULA_LEAD = /^'*[=+\-@\t\r]/;

/** The value as a cell no spreadsheet runs. */
export function guardCell(value: string): string {
  return FORMULA_LEAD.test(value) ? `'${value}` : value;
}

/** The value a guarded cell holds; a cell guardCell did not change comes back as it is. */
export function unguardCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_LEAD.test(cell) ? cell.slice(1) : cell;
}
