import { useCallback, useEffect, useState } from "react";
import { ComboBox } from "react-aria-components/ComboBox";
import { DialogTrigger } from "react-aria-components/Dialog";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { ListBox, ListBoxItem } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";
import { Switch } from "react-aria-components/Switch";
import { Cell, Column, Row, Table, TableBody, TableHeader } from "react-aria-components/Table";
import type { IndexFolder, IndexSearchAnswer } from "~/models/archive/pools.schema";
import { Button } from "~/components/ui/Button";
import { ModalDialog } from "~/components/ui/ModalDialog";
import { useT } from "~/components/locale/locale-context";
import { alertDanger, alertWarning, muted } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import * as css from "./index-browser.css";
import { readerHeaders } from "~/utils/reader-header";

/*
 * The index browser modal (spec 001 "Index browser modal" and section 4; decision 042), opened
 * by a dots button beside the archive dialog's index field: a search box remembering earlier
 * entries (localStorage), a search button, the allow-insecure switch with its warning, a grid of
 * Name and Path; OK is enabled once a row is selected and hands its path to onSelect. Without
 * JavaScript the dialog links the plain page (/fotoweb/views/admin/index-browser) instead.
 */

export interface IndexBrowserProps {
  value: string;
  onSelect(path: string): void;
}

const HISTORY_KEY = "arkiv.indexBrowser.history";
const HISTORY_LIMIT = 10;

function readHistory(): string[] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(HISTORY_KEY) ?? "[]") as unknown;
    return Array.isArray(stored) ? stored.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}

function remember(query: string): string[] {
  const next = [query, ...readHistory().filter((q) => q !== query)].slice(0, HISTORY_LIMIT);
  try {
    window.localStorage.setItem(HISTORY_KEY, JSON.stringify(next));
  } catch {
    // private mode: the list lasts as long as the page
  }
  return next;
}

type Outcome =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "failed"; message: string; hint: boolean }
  | { kind: "found"; folders: IndexFolder[] };

export function IndexBrowser({ value, onSelect }: IndexBrowserProps) {
  const t = useT();
  return (
    <DialogTrigger>
      <Button variant="secondary" aria-label={t("settings.indexBrowser.title")}>
        …
      </Button>
      <ModalDialog
        size="large"
        title={t("settings.indexBrowser.title")}
        data-testid="index-browser"
      >
        {(close) => (
          <IndexBrowserBody
            value={value}
            onSelect={(path) => {
              onSelect(path);
              close();
            }}
            onCancel={close}
          />
        )}
      </ModalDialog>
    </DialogTrigger>
  );
}

function IndexBrowserBody({
  value,
  onSelect,
  onCancel,
}: IndexBrowserProps & { onCancel: () => void }) {
  const t = useT();
  const [query, setQuery] = useState(value);
  const [history, setHistory] = useState<string[]>([]);
  const [insecure, setInsecure] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const [selected, setSelected] = useState<string | null>(null);

  const search = useCallback(
    async (text: string) => {
      setOutcome({ kind: "loading" });
      setSelected(null);
      try {
        const response = await fetch(LINKS.apiIndexSearch, {
          method: "POST",
          // The refusal's words come in the person's language (decision 107).
          headers: readerHeaders({
            "content-type": "application/json",
            accept: "application/json",
          }),
          body: JSON.stringify({ Query: text, AllowInsecure: insecure }),
        });
        const body = (await response.json()) as Partial<IndexSearchAnswer> & { value?: string };
        if (!response.ok) {
          setOutcome({
            kind: "failed",
            message: body.value ?? t("settings.indexBrowser.searchFailed"),
            hint: false,
          });
          return;
        }
        if (body.AuthenticationRequired || body.ConnectionFailed) {
          setOutcome({
            kind: "failed",
            message: body.ConnectionError || t("settings.indexBrowser.cannotOpen"),
            hint: !insecure,
          });
          return;
        }
        if (text.trim() !== "") setHistory(remember(text.trim()));
        setQuery(body.ServerUri ?? text);
        setInsecure(body.IsInsecure ?? false);
        setOutcome({ kind: "found", folders: body.Pools ?? [] });
      } catch {
        setOutcome({
          kind: "failed",
          message: t("settings.indexBrowser.searchFailedLater"),
          hint: false,
        });
      }
    },
    [insecure, t],
  );

  useEffect(() => {
    setHistory(readHistory());
    // Opened on the current value (or the allowed roots when empty).
    void search(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the dialog opens
  }, []);

  const folders = outcome.kind === "found" ? outcome.folders : [];
  return (
    <>
      <form
        className={css.searchRow}
        onSubmit={(event) => {
          event.preventDefault();
          void search(query);
        }}
      >
        <ComboBox
          className={css.combo}
          inputValue={query}
          onInputChange={setQuery}
          allowsCustomValue
          menuTrigger="focus"
          items={history.map((h) => ({ id: h }))}
        >
          <Label>{t("settings.indexBrowser.folder")}</Label>
          <div className={css.comboInput}>
            <Input className={css.input} />
          </div>
          <Popover className={css.popover}>
            <ListBox>
              {(item: { id: string }) => (
                <ListBoxItem className={css.option} id={item.id} textValue={item.id}>
                  {item.id}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
        <Button type="submit" variant="secondary">
          {t("settings.indexBrowser.search")}
        </Button>
      </form>
      <Switch
        className={css.switchRoot}
        isSelected={insecure}
        onChange={(on) => {
          setInsecure(on);
          if (outcome.kind === "failed") setOutcome({ ...outcome, hint: false });
        }}
      >
        <span className={css.indicator} aria-hidden="true" />
        {t("settings.indexBrowser.allowInsecure")}
      </Switch>
      {insecure ? (
        <p className={alertWarning}>{t("settings.indexBrowser.insecureWarning")}</p>
      ) : null}
      {outcome.kind === "failed" ? (
        <div role="alert" className={alertDanger}>
          <p>{outcome.message}</p>
          {outcome.hint ? <p>{t("settings.indexBrowser.insecureHint")}</p> : null}
        </div>
      ) : null}
      {outcome.kind === "loading" ? (
        <p className={muted}>{t("settings.indexBrowser.searching")}</p>
      ) : null}
      <div className={css.tableBox}>
        <Table
          aria-label={t("settings.indexBrowser.folders")}
          className={css.table}
          selectionMode="single"
          selectionBehavior="replace"
          selectedKeys={selected ? [selected] : []}
          onSelectionChange={(keys) => {
            const [first] = keys === "all" ? [] : [...keys];
            setSelected(first === undefined ? null : String(first));
          }}
          onRowAction={(key) => onSelect(String(key))}
        >
          <TableHeader>
            <Column isRowHeader className={css.column}>
              {t("settings.indexBrowser.name")}
            </Column>
            <Column className={css.column}>{t("settings.indexBrowser.path")}</Column>
          </TableHeader>
          <TableBody
            items={folders.map((f) => ({ ...f, id: f.Path }))}
            renderEmptyState={() =>
              outcome.kind === "found" ? t("settings.indexBrowser.noFolders") : ""
            }
          >
            {(folder) => (
              <Row className={css.row} id={folder.id}>
                <Cell className={css.cell}>{folder.Name}</Cell>
                <Cell className={css.cell}>{folder.Path}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </div>
      <div className={css.actions}>
        <Button variant="secondary" onPress={onCancel}>
          {t("settings.indexBrowser.cancel")}
        </Button>
        <Button isDisabled={selected === null} onPress={() => selected && onSelect(selected)}>
          {t("settings.indexBrowser.ok")}
        </Button>
      </div>
    </>
  );
}
