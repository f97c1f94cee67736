import "~/components/shell/shell-bundle";
import type { RefObject } from "react";
import { Dialog } from "react-aria-components/Dialog";
import { Heading } from "react-aria-components/Heading";
import { Popover } from "react-aria-components/Popover";
import {
  advancedSearchDefaults,
  advancedSearchTarget,
  type AdvancedSearchDefaults,
} from "~/models/search/advanced-search.schema";
import { AdvancedSearchForm } from "./AdvancedSearchForm";
import * as css from "./advanced-search.css";
import { useT } from "~/components/locale/locale-context";

const EMPTY: AdvancedSearchDefaults = { q: [], values: {}, criteria: [] };

/*
 * The header's advanced search popover, in a chunk of its own: the form's code (Conform, the
 * schema, zod, react-aria's Select and RadioGroup) loads when the popover is first wanted, not
 * on every page (decision 027). AdvancedSearch's button opens it.
 */
export default function AdvancedSearchPopover({
  triggerRef,
  isOpen,
  onOpenChange,
  pathname,
  params,
}: {
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  pathname: string;
  params: URLSearchParams;
}) {
  const t = useT();
  // It searches the archive page it was opened on, or all archives.
  const target = advancedSearchTarget(pathname);
  // Only the collection's own search refills the form; another page's q means something else.
  const current = pathname === target ? params : undefined;
  return (
    <Popover
      className={css.popover}
      placement="bottom"
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
      <Dialog className={css.dialog} aria-labelledby="advanced-search-title">
        <Heading slot="title" id="advanced-search-title" className={css.title}>
          {t("grid.advanced.title")}
        </Heading>
        <AdvancedSearchForm
          target={target}
          defaults={current ? advancedSearchDefaults(current) : EMPTY}
          onSearched={() => onOpenChange(false)}
        />
      </Dialog>
    </Popover>
  );
}
