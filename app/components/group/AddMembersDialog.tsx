import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Checkbox } from "react-aria-components/Checkbox";
import { DialogTrigger } from "react-aria-components/Dialog";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { SearchField } from "react-aria-components/SearchField";
import { Button } from "~/components/ui/Button";
import { ModalDialog } from "~/components/ui/ModalDialog";
import * as controls from "~/components/ui/controls.css";
import { muted } from "~/styles/global.css";
import * as css from "./groups.css";
import { useT } from "~/components/locale/locale-context";

export interface Choice {
  id: number;
  label: string;
}

type Loaded = {
  members?: {
    userResults?: { id: number; username: string; fullName: string }[];
    groupResults?: { id: number; name: string }[];
  } | null;
};

/*
 * The add-members dialog (spec 002 §5: "the add-members button is enabled only when at least one
 * row is selected, label singular for 1, plural with count otherwise"). It searches 300 ms after
 * typing stops, leaves out who is already a member or chosen, and hands the choice back to the
 * Members form, which sends only the difference when saved. Script only: without it the form's
 * own search and checkboxes do the same.
 */
export function AddMembersDialog({
  kind,
  exclude,
  onAdd,
}: {
  kind: "users" | "groups";
  exclude: readonly number[];
  onAdd: (chosen: Choice[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const [selected, setSelected] = useState<number[]>([]);
  const fetcher = useFetcher<Loaded>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const param = kind === "users" ? "userq" : "memberq";
  const t = useT();
  const search = (text: string) => {
    setQ(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (text.trim()) fetcher.load(`?tab=members&${param}=${encodeURIComponent(text.trim())}`);
    }, 300);
  };
  const found: Choice[] =
    kind === "users"
      ? (fetcher.data?.members?.userResults ?? []).map((u) => ({
          id: u.id,
          label: `${u.fullName} (${u.username})`,
        }))
      : (fetcher.data?.members?.groupResults ?? []).map((g) => ({ id: g.id, label: g.name }));
  const results = q.trim() ? found.filter((c) => !exclude.includes(c.id)) : [];
  const close = () => {
    setOpen(false);
    setQ("");
    setSelected([]);
  };
  return (
    <DialogTrigger isOpen={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <Button variant="secondary">
        {kind === "users" ? t("people.members.openUsers") : t("people.members.openGroups")}
      </Button>
      <ModalDialog
        title={kind === "users" ? t("people.members.titleUsers") : t("people.members.titleGroups")}
        footer={
          <>
            <Button
              isDisabled={selected.length === 0}
              onPress={() => {
                onAdd(results.filter((c) => selected.includes(c.id)));
                close();
              }}
            >
              {t("people.members.addCount", { kind, count: selected.length })}
            </Button>
            <Button variant="secondary" onPress={close}>
              {t("people.cancel")}
            </Button>
          </>
        }
      >
        <SearchField value={q} onChange={search} className={controls.field} autoFocus>
          <Label className={controls.label}>
            {kind === "users" ? t("people.members.searchUsers") : t("people.members.searchGroups")}
          </Label>
          <Input className={controls.input} maxLength={200} />
        </SearchField>
        {results.length > 0 ? (
          <ul
            className={css.plainList}
            aria-label={
              kind === "users"
                ? t("people.groupEditor.usersFound")
                : t("people.groupEditor.groupsFound")
            }
          >
            {results.map((c) => (
              <li key={c.id}>
                <Checkbox
                  isSelected={selected.includes(c.id)}
                  onChange={(on) =>
                    setSelected((s) => (on ? [...s, c.id] : s.filter((i) => i !== c.id)))
                  }
                  className={controls.checkbox}
                >
                  <span className={controls.checkboxBox} aria-hidden="true" />
                  {c.label}
                </Checkbox>
              </li>
            ))}
          </ul>
        ) : q.trim() && fetcher.state === "idle" && fetcher.data ? (
          <p className={muted}>{t("people.members.nothingElse")}</p>
        ) : null}
      </ModalDialog>
    </DialogTrigger>
  );
}
