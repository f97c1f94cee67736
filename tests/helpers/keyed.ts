/** A schema's message as an English reader sees it (decision 104: schemas' messages are keyed). */
export { englishOf as inEnglish } from "~/models/locale/catalog.server";
