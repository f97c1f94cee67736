/*
 * The header Arkiv's own page scripts send with a JSON call they show to a person (decision
 * 107): the answer's words (an error's value, a task's refusals) come in the person's language.
 * Programs do not send it and keep the stable English of the API.
 */
export const READER_HEADER = "x-arkiv-reader";
export const READER_PAGE = "page";

/** Headers for a page script's own JSON call, `extra` beside them. */
export const readerHeaders = (extra: Record<string, string> = {}): Record<string, string> => ({
  ...extra,
  [READER_HEADER]: READER_PAGE,
});
