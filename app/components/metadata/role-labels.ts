import type { MessageId } from "~/models/locale/message-id";
import type { BuiltinRole } from "~/models/metadata/metadata.schema";

/** The builtin roles' names by message id (decision 101), keyed as a metadata set names them. */
export const ROLE_LABELS: Record<Lowercase<BuiltinRole>, MessageId> = {
  title: "metadata.role.title",
  description: "metadata.role.description",
  tags: "metadata.role.tags",
  status: "metadata.role.status",
  rating: "metadata.role.rating",
  notes: "metadata.role.notes",
};

export const roleLabel = (role: BuiltinRole): MessageId =>
  ROLE_LABELS[role.toLowerCase() as Lowercase<BuiltinRole>];
