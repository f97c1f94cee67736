import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { Dialog, DialogTrigger } from "react-aria-components/Dialog";
import { FieldError } from "react-aria-components/FieldError";
import { Heading } from "react-aria-components/Heading";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { TextField } from "react-aria-components/TextField";
import { Popover } from "react-aria-components/Popover";
import { Tree, TreeItem, TreeItemContent } from "react-aria-components/Tree";
import type { Key } from "react-aria-components/Tree";
import { useT } from "~/components/locale/locale-context";
import { resolveKeyed } from "~/models/locale/keyed";
import { Button } from "~/components/ui/Button";
import { taxonomyItemAdminHref } from "~/utils/links";
import * as editors from "~/components/metadata/editors/editors.css";
import {
  EMPTY_ENTRY_HREF,
  type FieldTaxonomy,
  type PickerItem,
} from "~/models/taxonomy/taxonomy-fields";
import { changePickerTerm, loadPickerPage } from "./TaxonomyPickerData";
import { TermEditModal } from "./TermEditModal";
import * as css from "./taxonomy-picker.css";

/*
 * The taxonomy's tree in a popover (decision 060, spec 002 "Taxonomy popover"): the roots load
 * when it opens, a collapsed node fetches its children once when first opened, each level pages
 * with a "More terms" entry. Arrows move and open, Enter chooses; a term without Set is a
 * heading that opens but cannot be chosen. A single value's tree starts with the empty entry.
 * People who may edit the taxonomy add terms below the tree and edit or delete each term in the
 * edit modal its row's Edit button opens (spec 002 "Taxonomy popover").
 */

interface Level {
  items: PickerItem[];
  total: number;
  loading: boolean;
  error?: string;
}

/** A branch's marks, open and closed: drawn shapes, not words. */
const CHEVRON = { open: "▾", closed: "▸" };

const ROOT = "root";
const MORE = "more:";
const levelKey = (parent: number | null) => (parent === null ? ROOT : String(parent));

export function TaxonomyTreePopover({
  taxonomy,
  label,
  allowEmpty,
  isDisabled,
  onPick,
}: {
  taxonomy: FieldTaxonomy;
  label: string;
  allowEmpty: boolean;
  isDisabled?: boolean;
  onPick: (item: { value: string; name: string } | null) => void;
}) {
  const t = useT();
  // The picker's own failures come keyed (TaxonomyPickerData); the server's, already in words.
  const resolve = (text: string) => resolveKeyed(text, t);
  const [open, setOpen] = useState(false);
  const [levels, setLevels] = useState<Map<string, Level>>(new Map());
  const [expanded, setExpanded] = useState<Set<Key>>(new Set());
  const requested = useRef(new Set<string>());
  const [mayEdit, setMayEdit] = useState(false);
  const [newName, setNewName] = useState("");
  const [addError, setAddError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<{ item: PickerItem; parent: string } | null>(null);

  const addTerm = async () => {
    if (!newName.trim() || adding) return;
    setAdding(true);
    const result = await changePickerTerm(taxonomy.pickerHref, { intent: "add", name: newName });
    setAdding(false);
    if (!("item" in result)) {
      setAddError("errors" in result ? (result.errors.name ?? result.message) : null);
      return;
    }
    setAddError(null);
    setNewName("");
    setLevels((all) => {
      const root = all.get(ROOT) ?? { items: [], total: 0, loading: false };
      return new Map(all).set(ROOT, {
        ...root,
        items: [...root.items, result.item],
        total: root.total + 1,
      });
    });
    if (result.item.selectable) {
      onPick(result.item);
      setOpen(false);
    }
  };

  const load = useCallback(
    async (parent: number | null, offset = 0) => {
      const key = levelKey(parent);
      const marker = `${key}@${offset}`;
      if (requested.current.has(marker)) return;
      requested.current.add(marker);
      setLevels((all) => {
        const next = new Map(all);
        const had = all.get(key);
        next.set(key, { items: had?.items ?? [], total: had?.total ?? 0, loading: true });
        return next;
      });
      try {
        const { page, canEdit } = await loadPickerPage(taxonomy.pickerHref, { parent, offset });
        if (parent === null) setMayEdit(canEdit);
        setLevels((all) => {
          const next = new Map(all);
          const had = all.get(key)?.items ?? [];
          next.set(key, { items: [...had, ...page.items], total: page.total, loading: false });
          return next;
        });
      } catch (e) {
        requested.current.delete(marker);
        setLevels((all) =>
          new Map(all).set(key, {
            items: all.get(key)?.items ?? [],
            total: all.get(key)?.total ?? 0,
            loading: false,
            error: e instanceof Error ? e.message : String(e),
          }),
        );
      }
    },
    [taxonomy.pickerHref],
  );

  useEffect(() => {
    if (open) void load(null);
  }, [open, load]);

  // The modal's outcome, shown in place: the level keeps its order and what it has loaded.
  const changeLevel = (key: string, change: (level: Level) => Level) =>
    setLevels((all) => {
      const level = all.get(key);
      return level ? new Map(all).set(key, change(level)) : all;
    });
  const saved = (parent: string, item: PickerItem) =>
    changeLevel(parent, (level) => ({
      ...level,
      items: level.items.map((i) => (i.id === item.id ? item : i)),
    }));
  const deleted = (parent: string, id: number) => {
    setLevels((all) => {
      const next = new Map(all);
      const level = next.get(parent);
      if (level)
        next.set(parent, {
          ...level,
          items: level.items.filter((i) => i.id !== id),
          total: Math.max(0, level.total - 1),
        });
      // The term's loaded children went with it.
      next.delete(levelKey(id));
      return next;
    });
    for (const marker of requested.current)
      if (marker.startsWith(`${levelKey(id)}@`)) requested.current.delete(marker);
    setExpanded((keys) => new Set([...keys].filter((k) => k !== id)));
  };

  const find = (id: number): PickerItem | undefined => {
    for (const level of levels.values()) {
      const item = level.items.find((i) => i.id === id);
      if (item) return item;
    }
    return undefined;
  };

  const onAction = (key: Key) => {
    const text = String(key);
    if (text === EMPTY_ENTRY_HREF) {
      onPick(null);
      setOpen(false);
      return;
    }
    if (text.startsWith(MORE)) {
      const parentKey = text.slice(MORE.length);
      const parent = parentKey === ROOT ? null : Number(parentKey);
      void load(parent, levels.get(parentKey)?.items.length ?? 0);
      return;
    }
    const item = find(Number(text));
    if (!item) return;
    if (item.selectable) {
      onPick(item);
      setOpen(false);
    } else if (item.hasChildren) {
      setExpanded((keys) => {
        const next = new Set(keys);
        if (next.has(item.id)) next.delete(item.id);
        else next.add(item.id);
        return next;
      });
      void load(item.id);
    }
  };

  const renderLevel = (parent: number | null): ReactNode[] => {
    const level = levels.get(levelKey(parent));
    if (!level) return [];
    const nodes: ReactNode[] = level.items.map((item) => (
      <TreeItem
        key={item.id}
        id={item.id}
        textValue={item.name}
        hasChildItems={item.hasChildren}
        className={css.treeItem}
        data-selectable={item.selectable ? "true" : "false"}
      >
        <TreeItemContent>
          {({ hasChildItems, isExpanded }) => (
            <div className={css.treeRow}>
              {hasChildItems ? (
                <AriaButton slot="chevron" className={css.chevron}>
                  <span aria-hidden="true">{isExpanded ? CHEVRON.open : CHEVRON.closed}</span>
                </AriaButton>
              ) : (
                <span className={css.spacer} aria-hidden="true" />
              )}
              <span className={item.selectable ? undefined : css.heading}>
                {item.name}
                {item.selectable ? "" : ` ${t("taxonomy.picker.heading")}`}
              </span>
              {mayEdit ? (
                <AriaButton
                  className={css.rowAction}
                  aria-label={t("taxonomy.item.edit", { name: item.name })}
                  onPress={() => setEditing({ item, parent: levelKey(parent) })}
                >
                  {t("taxonomy.action.edit")}
                </AriaButton>
              ) : null}
            </div>
          )}
        </TreeItemContent>
        {item.hasChildren ? renderLevel(item.id) : null}
      </TreeItem>
    ));
    if (level.items.length < level.total || level.loading || level.error)
      nodes.push(
        <TreeItem
          key={`${MORE}${levelKey(parent)}`}
          id={`${MORE}${levelKey(parent)}`}
          textValue={t(level.loading ? "taxonomy.picker.loading" : "taxonomy.picker.more")}
          className={css.treeItem}
        >
          <TreeItemContent>
            <div className={css.treeRow}>
              <span className={css.spacer} aria-hidden="true" />
              <em>
                {level.error
                  ? resolve(level.error)
                  : t(
                      level.loading
                        ? "taxonomy.picker.loadingMore"
                        : "taxonomy.picker.moreEllipsis",
                    )}
              </em>
            </div>
          </TreeItemContent>
        </TreeItem>,
      );
    return nodes;
  };

  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button
        variant="secondary"
        isDisabled={isDisabled}
        aria-label={t("taxonomy.picker.browseNamed", { label })}
      >
        {t("taxonomy.picker.browse")}
      </Button>
      <Popover className={css.popover} placement="bottom end">
        <Dialog aria-labelledby="taxonomy-tree-heading" className={css.treeDialog}>
          <Heading slot="title" id="taxonomy-tree-heading" className={editors.label}>
            {taxonomy.name}
          </Heading>
          <Tree
            aria-label={t("taxonomy.picker.termsOf", { name: taxonomy.name })}
            className={css.tree}
            expandedKeys={expanded}
            onExpandedChange={(keys) => {
              for (const key of keys)
                if (!expanded.has(key) && typeof key === "number") void load(key);
              setExpanded(new Set(keys));
            }}
            onAction={onAction}
            renderEmptyState={() => (
              <p className={editors.notice}>{t("taxonomy.picker.loadingMore")}</p>
            )}
          >
            {allowEmpty ? (
              <TreeItem
                id={EMPTY_ENTRY_HREF}
                textValue={t("taxonomy.picker.noValue")}
                className={css.treeItem}
              >
                <TreeItemContent>
                  <div className={css.treeRow}>
                    <span className={css.spacer} aria-hidden="true" />
                    <em>{t("taxonomy.picker.noValue")}</em>
                  </div>
                </TreeItemContent>
              </TreeItem>
            ) : null}
            {renderLevel(null)}
          </Tree>
          {mayEdit ? (
            <form
              className={css.addRow}
              aria-label={t("taxonomy.picker.addTo", { name: taxonomy.name })}
              onSubmit={(event) => {
                event.preventDefault();
                event.stopPropagation();
                void addTerm();
              }}
            >
              <TextField
                value={newName}
                onChange={setNewName}
                isInvalid={Boolean(addError)}
                validationBehavior="aria"
                className={css.combo}
              >
                <Label className={editors.label}>{t("taxonomy.picker.newTerm")}</Label>
                <Input className={editors.input} />
                <FieldError className={editors.error}>
                  {addError === null ? null : resolve(addError)}
                </FieldError>
              </TextField>
              <Button type="submit" variant="secondary" isDisabled={adding || !newName.trim()}>
                {t("taxonomy.picker.addTerm")}
              </Button>
            </form>
          ) : null}
          <div className={css.popoverFooter}>
            <Button variant="secondary" onPress={() => setOpen(false)}>
              {t("taxonomy.action.close")}
            </Button>
          </div>
          {editing ? (
            <TermEditModal
              key={editing.item.id}
              item={editing.item}
              pickerHref={taxonomy.pickerHref}
              adminHref={taxonomyItemAdminHref(taxonomy.field, editing.item.id)}
              onSaved={(item) => {
                saved(editing.parent, item);
                setEditing(null);
              }}
              onDeleted={() => {
                deleted(editing.parent, editing.item.id);
                setEditing(null);
              }}
              onClose={() => setEditing(null)}
            />
          ) : null}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
