import { CopyField } from "~/components/ui/CopyField";
import { useT } from "~/components/locale/locale-context";

/** A sign-up link to copy (the shared copy field). */
export function CopyLink({ link, label }: { link: string; label: string }) {
  const t = useT();
  return (
    <CopyField
      value={link}
      fieldLabel={label}
      copyLabel={t("people.invitations.copy", { label })}
      testId="invitation-link"
    />
  );
}
