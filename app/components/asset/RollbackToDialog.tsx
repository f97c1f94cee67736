import "~/components/shell/shell-bundle";
import * as dialogCss from "~/components/shell/error.css";
import { AlertDialog } from "~/components/ui/AlertDialog";
import { Button } from "~/components/ui/Button";
import type { RevisionEntry } from "~/models/asset/revision-history.server";
import { useRollbackToWords } from "./RollbackToConfirm";

/*
 * In its own module, loaded when the question is asked: react-aria's dialog brings its overlay
 * code, which the asset page should not load for a question most visits never ask.
 */

/** The same question as an alert dialog over the list, with JavaScript. */
export default function RollbackToDialog({
  entry,
  onConfirm,
  onClose,
}: {
  entry: RevisionEntry;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const words = useRollbackToWords(entry);
  return (
    <AlertDialog title={words.title} onClose={onClose}>
      <p>{words.question}</p>
      <div className={dialogCss.actions}>
        {/* Focus starts on the way out: the other button deletes. */}
        <Button variant="secondary" onPress={onClose} autoFocus>
          {words.cancel}
        </Button>
        <Button
          variant="danger"
          onPress={() => {
            onConfirm();
            onClose();
          }}
        >
          {words.confirm}
        </Button>
      </div>
    </AlertDialog>
  );
}
