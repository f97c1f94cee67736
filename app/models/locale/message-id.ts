import type auth from "~/locales/en/auth.json";
import type common from "~/locales/en/common.json";
import type grid from "~/locales/en/grid.json";
import type mail from "~/locales/en/mail.json";
import type asset from "~/locales/en/asset.json";
import type album from "~/locales/en/album.json";
import type people from "~/locales/en/people.json";
import type settings from "~/locales/en/settings.json";
import type validation from "~/locales/en/validation.json";
import type work from "~/locales/en/work.json";
import type task from "~/locales/en/task.json";
import type metadata from "~/locales/en/metadata.json";
import type taxonomy from "~/locales/en/taxonomy.json";

/*
 * Every message id, typed from the English catalogues (decision 101): a key that English lacks
 * does not compile. Types only; no catalogue reaches the browser's bundles through this file.
 */
type Ids<A extends string, Catalogue> = `${A}.${Extract<keyof Catalogue, string>}`;

export type MessageId =
  | Ids<"common", typeof common>
  | Ids<"auth", typeof auth>
  | Ids<"grid", typeof grid>
  | Ids<"mail", typeof mail>
  | Ids<"asset", typeof asset>
  | Ids<"album", typeof album>
  | Ids<"people", typeof people>
  | Ids<"settings", typeof settings>
  | Ids<"validation", typeof validation>
  | Ids<"work", typeof work>
  | Ids<"task", typeof task>
  | Ids<"metadata", typeof metadata>
  | Ids<"taxonomy", typeof taxonomy>;

/** Values a message interpolates: `{name}`, `{count, plural, …}`. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;

/** A message in a chosen language, as text: `t("mail.share.subject", { … })`. */
export type Translate = (id: MessageId, values?: MessageValues) => string;
