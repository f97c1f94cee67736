import { useState } from "react";
import { TextField } from "~/components/ui/TextField";
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
}: {
  state: ReturnType<typeof useLabelValue>;
  errors?: Record<string, string>;
}) {
  return (
    <>
      <TextField
        label="Label"
        name="name"
        value={state.name}
        autoFocus
        isRequired
        errors={errors?.name}
        onChange={state.setName}
      />
      <TextField
        label="Value"
        name="value"
        value={state.value}
        isRequired
        description="What the field stores. Follows the label until you change it."
        errors={errors?.value}
        onChange={state.setValue}
      />
    </>
  );
}
