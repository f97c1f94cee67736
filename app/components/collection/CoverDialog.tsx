import "~/components/shell/shell-bundle";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { CoverChoice, CoverChoicePage } from "~/models/collection/collection-list.server";
import { Button } from "~/components/ui/Button";
import { ModalDialog } from "~/components/ui/ModalDialog";
import { SelectionView } from "~/components/asset/SelectionView";
import { selectCoverPath } from "~/utils/links";
import { useT } from "~/components/locale/locale-context";

/**
 * The cover selection dialog (spec 000): a modal that neither a backdrop click nor Escape
 * closes, so a half-made choice is never lost; only a choice or Cancel ends it. It loads the
 * plain select-cover page's data page by page.
 */
export function CoverDialog({
  archiveId,
  archiveName,
  onSelect,
  onCancel,
}: {
  archiveId: string;
  archiveName: string;
  onSelect: (assetId: number) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const pages = useFetcher<CoverChoicePage>();
  const [choices, setChoices] = useState<CoverChoice[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const { load } = pages;

  useEffect(() => {
    load(selectCoverPath(archiveId));
  }, [load, archiveId]);

  useEffect(() => {
    const data = pages.data;
    if (!data || !("choices" in data)) return;
    setChoices((known) => {
      const seen = new Set(known.map((c) => c.id));
      return [...known, ...data.choices.filter((c) => !seen.has(c.id))];
    });
    setNext(data.next);
  }, [pages.data]);

  return (
    <ModalDialog
      isOpen
      isDismissable={false}
      size="large"
      title={t("grid.cover.title", { archive: archiveName })}
      data-testid="cover-dialog"
    >
      {pages.state === "loading" && choices.length === 0 ? <p>{t("grid.cover.loading")}</p> : null}
      <SelectionView
        choices={choices}
        onSelect={onSelect}
        more={
          next ? (
            <Button
              variant="secondary"
              isDisabled={pages.state === "loading"}
              onPress={() => load(selectCoverPath(archiveId, next))}
            >
              More
            </Button>
          ) : null
        }
        cancel={
          <Button variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
        }
      />
    </ModalDialog>
  );
}
