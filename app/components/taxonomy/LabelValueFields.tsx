import { useState } from "react";
import { useT } from "~/components/locale/locale-context";
import { TextField } from "~/components/ui/TextField";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { valueFromName } from "~/models/taxonomy/taxonomy.schema";

/*
 * A taxonomy item's label and value (spec 002 §5), for the administration page's item form and
 * the popover's edit modal alike: the value follows the label (< and > stripped) until someone
 * edits it by hand; an existing item's value follows only if the two already agree.
 */

export function useLabelValue(initial: { name: string; value: string }, isNew: boolean) {
  const [name, setName] = useState(initial.name);
  const [value, setValue] = useState(initial.value);
  const [valueEdited, setValueEdited] = useState(
    !isNew && initial.value !== valueFromName(initial.name),
  );
  return {
    name,
    value,
    setName: (next: string) => {
      setName(next);
      if (!valueEdited) setValue(valueFromName(next));
    },
    setValue: (next: string) => {
      setValue(next);
      setValueEdited(true);
    },
  };
}

export function LabelValueFields({
  state,
  errors,
  validated = false,
}: {
  state: ReturnType<typeof useLabelValue>;
  errors?: Record<string, string>;
  /** Inside a remix-validated-form, whose fields show its errors (errors is then unused). */
  validated?: boolean;
}) {
  const t = useT();
  const label = {
    label: t("taxonomy.field.label"),
    name: "name",
    value: state.name,
    autoFocus: true,
    isRequired: true,
    onChange: state.setName,
  };
  const value = {
    label: t("taxonomy.field.value"),
    name: "value",
    value: state.value,
    isRequired: true,
    description: t("taxonomy.field.valueHelp"),
    onChange: state.setValue,
  };
  if (validated)
    return (
      <>
        <ValidatedTextField {...label} />
        <ValidatedTextField {...value} />
      </>
    );
  return (
    <>
      <TextField {...label} errors={errors?.name} />
      <TextField {...value} errors={errors?.value} />
    </>
  );
}
