import "~/components/shell/shell-bundle";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/Button";
import { ModalDialog } from "~/components/ui/ModalDialog";
import { useT } from "~/components/locale/locale-context";
import { showToast } from "~/components/ui/Toasts";
import { isFormReply, type FormReplyBody } from "~/http/error";
import type { AddToAlbumOutcome, AddToAlbumPage } from "~/http/album/add-to-album.server";
import { AddToAlbumPanel, AddToAlbumResult, addToAlbumPath } from "./AddToAlbumPanel";

/**
 * "Add to album" over the grid (JavaScript only): the add-to-album page's data loaded by a
 * fetcher from the URL the plain GET opens, its form posted by another fetcher; the result stays
 * in the dialog (with each refusal by name) and is raised as a toast.
 */
export function AddToAlbumDialog({
  url,
  onClose,
  onAdded,
}: {
  url: string;
  onClose: () => void;
  onAdded?: () => void;
}) {
  const t = useT();
  const loader = useFetcher<AddToAlbumPage>();
  const poster = useFetcher<AddToAlbumOutcome | FormReplyBody>();
  const { load } = loader;
  useEffect(() => load(url), [load, url]);
  const page = loader.data;
  const answer = poster.data;
  const outcome = answer && !isFormReply(answer) ? (answer as AddToAlbumOutcome) : null;
  const reply = answer && isFormReply(answer) ? answer : undefined;
  const toasted = useRef<AddToAlbumOutcome | null>(null);
  useEffect(() => {
    if (poster.state !== "idle" || !outcome || toasted.current === outcome) return;
    toasted.current = outcome;
    showToast({ kind: outcome.ok ? "success" : "warning", message: outcome.message });
    onAdded?.();
  }, [poster.state, outcome, onAdded]);
  return (
    <ModalDialog isOpen size="medium" onClose={onClose} aria-label={t("album.addTo.title")}>
      {outcome ? (
        <>
          <h2>
            {outcome.album
              ? t("album.addTo.added", { name: outcome.album.name })
              : t("album.addTo.title")}
          </h2>
          <AddToAlbumResult outcome={outcome} />
          <Button variant="secondary" onPress={onClose}>
            {t("album.close")}
          </Button>
        </>
      ) : page ? (
        <AddToAlbumPanel
          key={page.q}
          page={page}
          reply={reply}
          fetcher={poster as never}
          onSearch={(q) => load(addToAlbumPath(page, q))}
          onCancel={onClose}
        />
      ) : (
        <p role="status">{t("album.addTo.loading")}</p>
      )}
    </ModalDialog>
  );
}
