import { useEffect, useMemo, useRef, useState } from "react";
import { DialogTrigger } from "react-aria-components/Dialog";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { SearchField } from "react-aria-components/SearchField";
import {
  Cell,
  Checkbox,
  Column,
  Row,
  Table,
  TableBody,
  TableHeader,
  type Selection,
} from "react-aria-components/Table";
import { Button } from "~/components/ui/Button";
import { ModalDialog } from "~/components/ui/ModalDialog";
import { SelectField } from "~/components/ui/SelectField";
import * as controls from "~/components/ui/controls.css";
import {
  fieldTypesOf,
  isFixedRole,
  matchesSearch,
  pickableFields,
  type PickerField,
  type PickerOnly,
} from "~/models/metadata/field-picker";
import type { BuiltinRole } from "~/models/metadata/metadata.schema";
import * as css from "./MetadataFieldPicker.css";
import { useT } from "~/components/locale/locale-context";

/** The quick search waits this long after typing stops (spec 001 §9). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface MetadataFieldPickerProps {
  /** Every field to choose from: FieldDefinition[] or the configuration API's list rows. */
  fields: readonly PickerField[];
  /** Bag: Bag fields only; Single: Single or AltLang fields only; unset: all. */
  only?: PickerOnly;
  /** The builtin mapping's slot being filled: its fixed-field rules apply (Status, Rating and
   * Notes are read-only; Title and Description take Single or AltLang text; Tags Bag text). */
  role?: BuiltinRole;
  selectionMode: "single" | "multiple";
  /** Ids selected when the picker opens. */
  defaultSelected?: readonly number[];
  /** Ids not offered (already chosen elsewhere). */
  exclude?: readonly number[];
  /** Called with the chosen ids (in the fields' order) when OK is pressed; never on Cancel. */
  onSelect: (ids: number[]) => void;
  /** The trigger button's text, also the modal's title unless `title` is given. */
  label: string;
  title?: string;
  isDisabled?: boolean;
}

const ALL_TYPES = "all";

/**
 * The metadata field picker modal (spec 001 §2 and §5): a filter by field type, a quick search
 * (300 ms after typing stops), a grid of id, namespace and label, single or multiple selection,
 * OK and Cancel. Script only: MetadataFieldSelect offers the same choice to a form without it.
 */
export function MetadataFieldPicker({
  fields,
  only,
  role,
  selectionMode,
  defaultSelected = [],
  exclude,
  onSelect,
  label,
  title,
  isDisabled,
}: MetadataFieldPickerProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState(ALL_TYPES);
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const offered = useMemo(
    () => pickableFields(fields, { only, role, exclude }),
    [fields, only, role, exclude],
  );
  const types = useMemo(() => fieldTypesOf(offered), [offered]);
  const shown = offered.filter(
    (f) => (type === ALL_TYPES || f.FieldType === type) && matchesSearch(f, search),
  );
  const readOnly = role !== undefined && isFixedRole(role);

  const openChanged = (next: boolean) => {
    clearTimeout(timer.current);
    if (next) {
      const offeredIds = new Set(offered.map((f) => f.Id));
      setSelected(new Set(defaultSelected.filter((id) => offeredIds.has(id))));
      setType(ALL_TYPES);
      setTyped("");
      setSearch("");
    }
    setOpen(next);
  };
  const searchChanged = (text: string) => {
    setTyped(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSearch(text), SEARCH_DEBOUNCE_MS);
  };
  const selectionChanged = (keys: Selection) =>
    setSelected(
      keys === "all" ? new Set(shown.map((f) => f.Id)) : new Set([...keys].map((k) => Number(k))),
    );
  const chosen = offered.filter((f) => selected.has(f.Id)).map((f) => f.Id);

  return (
    <DialogTrigger isOpen={open} onOpenChange={openChanged}>
      <Button variant="secondary" isDisabled={isDisabled || readOnly}>
        {label}
      </Button>
      <ModalDialog
        size="large"
        title={title ?? label}
        footer={
          <>
            <span className={css.count} aria-live="polite">
              {t("metadata.picker.count", {
                shown: shown.length,
                offered: offered.length,
                chosen: chosen.length,
              })}
            </span>
            <Button
              isDisabled={chosen.length === 0}
              onPress={() => {
                onSelect(chosen);
                setOpen(false);
              }}
            >
              {t("metadata.picker.ok")}
            </Button>
            <Button variant="secondary" onPress={() => setOpen(false)}>
              {t("metadata.picker.cancel")}
            </Button>
          </>
        }
      >
        <div className={css.filters}>
          <SelectField
            label={t("metadata.picker.fieldType")}
            name="fieldType"
            hydrated
            defaultValue={ALL_TYPES}
            onChange={setType}
            options={[
              { value: ALL_TYPES, label: t("metadata.picker.allTypes") },
              ...types.map((type) => ({ value: type, label: type })),
            ]}
          />
          <SearchField value={typed} onChange={searchChanged} className={controls.field}>
            <Label className={controls.label}>{t("metadata.picker.search")}</Label>
            <Input className={controls.input} maxLength={200} />
          </SearchField>
        </div>
        <div className={css.gridBox}>
          <Table
            aria-label={t("metadata.fieldList.title")}
            selectionMode={selectionMode}
            selectionBehavior="toggle"
            selectedKeys={selected}
            onSelectionChange={selectionChanged}
            className={css.grid}
          >
            <TableHeader>
              {selectionMode === "multiple" ? (
                <Column className={css.column} aria-label={t("metadata.picker.chosen")}>
                  <Checkbox slot="selection" className={`${controls.checkbox} ${css.inGrid}`}>
                    <span className={controls.checkboxBox} aria-hidden="true" />
                  </Checkbox>
                </Column>
              ) : null}
              <Column className={css.column}>{t("metadata.column.id")}</Column>
              <Column className={css.column}>{t("metadata.column.namespace")}</Column>
              <Column isRowHeader className={css.column}>
                {t("metadata.column.label")}
              </Column>
            </TableHeader>
            <TableBody
              items={shown}
              renderEmptyState={() => <p className={css.empty}>{t("metadata.picker.noMatch")}</p>}
            >
              {(f) => (
                <Row id={f.Id} className={css.row}>
                  {selectionMode === "multiple" ? (
                    <Cell className={css.checkCell}>
                      <Checkbox slot="selection" className={`${controls.checkbox} ${css.inGrid}`}>
                        <span className={controls.checkboxBox} aria-hidden="true" />
                      </Checkbox>
                    </Cell>
                  ) : null}
                  <Cell className={css.idCell}>{f.Id}</Cell>
                  <Cell className={css.cell}>{f.NamespaceLabel}</Cell>
                  <Cell className={css.cell}>{f.GuiLabel}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
      </ModalDialog>
    </DialogTrigger>
  );
}
