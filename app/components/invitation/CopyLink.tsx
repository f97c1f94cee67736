import { CopyField } from "~/components/ui/CopyField";

/** A sign-up link to copy (the shared copy field). */
export function CopyLink({ link, label }: { link: string; label: string }) {
  return (
    <CopyField
      value={link}
      fieldLabel={label}
      copyLabel={`Copy: ${label}`}
      testId="invitation-link"
    />
  );
}
