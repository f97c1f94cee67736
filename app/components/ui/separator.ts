/** The dot between items on one line (a link and its neighbour, a status and its size). */
export const SEPARATOR = " · ";
