import "~/components/shell/shell-bundle";
import { AriaSelectField } from "./AriaSelectField";
import { useFocusBackOnClose } from "./focus-back";
import type { SelectOption } from "./NativeSelectField";

/*
 * react-aria's Select for DeferredSelectField, in a chunk of its own: loaded on the first press
 * of the stand-in button, mounted open, and kept from then on. Focus goes back to its own button
 * on close, since the stand-in that had it is gone.
 */
export default function DeferredSelectMenu(props: {
  label: string;
  name: string;
  form?: string;
  options: readonly SelectOption[];
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { trigger, onOpenChange } = useFocusBackOnClose<HTMLButtonElement>();
  return (
    <AriaSelectField {...props} defaultOpen onOpenChange={onOpenChange} triggerRef={trigger} />
  );
}
