import { useEffect, useMemo, useRef, useState } from "react";
import { Checkbox } from "react-aria-components/Checkbox";
import { DialogTrigger } from "react-aria-components/Dialog";
import { GridList, GridListItem } from "react-aria-components/GridList";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { Menu, MenuItem, MenuTrigger } from "react-aria-components/Menu";
import { Popover } from "react-aria-components/Popover";
import { SearchField } from "react-aria-components/SearchField";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components/Tabs";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "~/components/ui/Button";
import { ModalDialog } from "~/components/ui/ModalDialog";
import * as controls from "~/components/ui/controls.css";
import type { DirectoryGroup, DirectoryPage, DirectoryUser } from "~/models/group/directory.schema";
import * as css from "./member-picker.css";
import {
  applyPageSelection,
  countLabel,
  directoryUrl,
  excludedKeys,
  memberKey,
  pageNumberOf,
  pickedOf,
  safePagingUrl,
  type DirectoryOptions,
  type MemberKind,
  type MemberRef,
  type PickedMember,
} from "./picker-state";

export type { MemberRef, PickedMember } from "./picker-state";

export interface MemberPickerProps extends DirectoryOptions {
  /** Called with the chosen users and groups when the person presses Add. */
  onAdd: (members: PickedMember[]) => void;
  /** Members already in the access list: shown, but not choosable. */
  exclude?: readonly MemberRef[];
  /** The trigger's text; "Add members…" when left out. */
  triggerLabel?: string;
}

const SEARCH_DELAY_MS = 300;

type Loaded = {
  url: string;
  rows: PickedMember[];
  count: number;
  paging: DirectoryPage<unknown>["paging"] | null;
};

/**
 * One tab of the dialog: a search (300 ms after typing stops) over the people directory, a grid
 * of one page with checkboxes, and paging. The selection lives in the dialog, so it survives
 * searching, paging and switching tabs.
 */
function DirectoryPanel({
  kind,
  options,
  chosen,
  excluded,
  onSelect,
}: {
  kind: MemberKind;
  options: DirectoryOptions;
  chosen: ReadonlyMap<string, PickedMember>;
  excluded: ReadonlySet<string>;
  onSelect: (page: PickedMember[], keys: ReadonlySet<string> | "all") => void;
}) {
  const [q, setQ] = useState("");
  const [url, setUrl] = useState(() => directoryUrl(kind, "", options));
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    const abort = new AbortController();
    setFailed(false);
    fetch(url, { headers: { Accept: "application/json" }, signal: abort.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const page = (await response.json()) as DirectoryPage<DirectoryUser | DirectoryGroup>;
        setLoaded({
          url,
          rows: page.data.map((row) =>
            kind === "user"
              ? pickedOf("user", row as DirectoryUser)
              : pickedOf("group", row as DirectoryGroup),
          ),
          count: page.paging.count,
          paging: page.paging,
        });
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) {
          // A failed load shows nothing to choose (spec 001 section 7), and says so.
          setLoaded({ url, rows: [], count: 0, paging: null });
          setFailed(Boolean(error));
        }
      });
    return () => abort.abort();
  }, [url, kind]);

  const search = (text: string) => {
    setQ(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setUrl(directoryUrl(kind, text, options)), SEARCH_DELAY_MS);
  };
  const go = (href: string | null | undefined) => {
    const safe = safePagingUrl(href);
    if (safe) setUrl(safe);
  };
  const rows = loaded?.rows ?? [];
  const selectedKeys = rows
    .map((r) => memberKey(r.MemberType, r.Id))
    .filter((key) => chosen.has(key) || excluded.has(key));
  const disabledKeys = rows
    .map((r) => memberKey(r.MemberType, r.Id))
    .filter((key) => excluded.has(key));
  const paging = loaded?.paging;
  const plural = kind === "user" ? "users" : "groups";
  const page = pageNumberOf(url);
  const lastPage = paging ? pageNumberOf(paging.last) : 1;

  return (
    <div className={css.panel}>
      <SearchField value={q} onChange={search} className={controls.field} autoFocus>
        <Label className={controls.label}>{`Search ${plural}`}</Label>
        <Input className={controls.input} maxLength={200} />
      </SearchField>
      <GridList
        aria-label={kind === "user" ? "Users" : "Groups"}
        selectionMode="multiple"
        selectedKeys={selectedKeys}
        disabledKeys={disabledKeys}
        onSelectionChange={(keys) =>
          onSelect(rows, keys === "all" ? "all" : new Set([...keys].map(String)))
        }
        className={css.grid}
        renderEmptyState={() => (
          <p className={css.status}>
            {loaded === null || loaded.url !== url
              ? "Loading…"
              : failed
                ? `The ${plural} could not be loaded. Try again later.`
                : `No ${plural} match.`}
          </p>
        )}
      >
        {rows.map((row) => {
          const key = memberKey(row.MemberType, row.Id);
          return (
            <GridListItem key={key} id={key} textValue={row.Name} className={css.row}>
              <Checkbox slot="selection" className={css.checkbox}>
                <span className={css.square} aria-hidden="true" />
              </Checkbox>
              <span className={css.rowText}>
                <span>{row.Name}</span>
                {excluded.has(key) || row.Description ? (
                  <span className={css.rowDetail}>
                    {excluded.has(key) ? "Already in the access list" : row.Description}
                  </span>
                ) : null}
              </span>
            </GridListItem>
          );
        })}
      </GridList>
      <div className={css.bar}>
        <span className={css.status} role="status">
          {paging ? `${countLabel(paging.count, kind)}, page ${page} of ${lastPage}` : ""}
        </span>
        <nav className={css.paging} aria-label={`Pages of ${plural}`}>
          <Button variant="secondary" isDisabled={!paging?.prev} onPress={() => go(paging?.first)}>
            First
          </Button>
          <Button variant="secondary" isDisabled={!paging?.prev} onPress={() => go(paging?.prev)}>
            Previous
          </Button>
          <Button variant="secondary" isDisabled={!paging?.next} onPress={() => go(paging?.next)}>
            Next
          </Button>
          <Button variant="secondary" isDisabled={!paging?.next} onPress={() => go(paging?.last)}>
            Last
          </Button>
        </nav>
      </div>
    </div>
  );
}

/** The chosen members in a dropdown; choosing one there removes it from the choice. */
function ChosenMenu({
  chosen,
  onRemove,
}: {
  chosen: ReadonlyMap<string, PickedMember>;
  onRemove: (key: string) => void;
}) {
  return (
    <MenuTrigger>
      <Button variant="secondary" isDisabled={chosen.size === 0}>
        {`Selected (${chosen.size})`}
      </Button>
      <Popover className={css.popover} placement="bottom start">
        <Menu
          aria-label="Selected members; choose one to remove it"
          className={css.menu}
          onAction={(key) => onRemove(String(key))}
        >
          {[...chosen].map(([key, member]) => (
            <MenuItem
              key={key}
              id={key}
              textValue={`Remove ${member.Name}`}
              className={css.menuItem}
            >
              {`Remove ${member.Name} (${member.MemberType})`}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/**
 * The add-member dialog of the access list (spec 001 section 2 "Add member modal"): tabs Users
 * and Groups over the people directory, each searched, paged and ticked; a dropdown of what is
 * chosen; Add hands the choice back. Script only: before hydration nothing renders, and the
 * access list's own form offers the way without JavaScript.
 */
export function MemberPicker({
  onAdd,
  exclude,
  disableGuest,
  disableRegisteredUsers,
  triggerLabel = "Add members…",
}: MemberPickerProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Map<string, PickedMember>>(new Map());
  const excluded = useMemo(() => excludedKeys(exclude), [exclude]);
  const options = useMemo(
    () => ({ disableGuest, disableRegisteredUsers }),
    [disableGuest, disableRegisteredUsers],
  );
  if (!hydrated) return null;

  const close = () => {
    setOpen(false);
    setChosen(new Map());
  };
  const select = (page: PickedMember[], keys: ReadonlySet<string> | "all") =>
    setChosen((current) => applyPageSelection(current, page, keys, excluded));
  const remove = (key: string) =>
    setChosen((current) => {
      const next = new Map(current);
      next.delete(key);
      return next;
    });
  const panel = (kind: MemberKind) => (
    <DirectoryPanel
      kind={kind}
      options={options}
      chosen={chosen}
      excluded={excluded}
      onSelect={select}
    />
  );

  return (
    <DialogTrigger isOpen={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <Button variant="secondary">{triggerLabel}</Button>
      <ModalDialog
        size="large"
        title="Add members"
        footer={
          <>
            <div className={css.chosen}>
              <ChosenMenu chosen={chosen} onRemove={remove} />
            </div>
            <Button
              isDisabled={chosen.size === 0}
              onPress={() => {
                onAdd([...chosen.values()]);
                close();
              }}
            >
              {chosen.size === 1 ? "Add 1 member" : `Add ${chosen.size} members`}
            </Button>
            <Button variant="secondary" onPress={close}>
              Cancel
            </Button>
          </>
        }
      >
        <Tabs>
          <TabList aria-label="Members to add" className={css.tabList}>
            <Tab id="users" className={css.tab}>
              Users
            </Tab>
            <Tab id="groups" className={css.tab}>
              Groups
            </Tab>
          </TabList>
          <TabPanel id="users" className={css.panel}>
            {panel("user")}
          </TabPanel>
          <TabPanel id="groups" className={css.panel}>
            {panel("group")}
          </TabPanel>
        </Tabs>
      </ModalDialog>
    </DialogTrigger>
  );
}
