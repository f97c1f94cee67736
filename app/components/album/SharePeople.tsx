import { useEffect, useRef, useState } from "react";
import { ComboBox } from "react-aria-components/ComboBox";
import { FieldError } from "react-aria-components/FieldError";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { ListBox, ListBoxItem } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";
import { Text } from "react-aria-components/Text";
import * as controls from "~/components/ui/controls.css";
import { useT } from "~/components/locale/locale-context";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import { fieldErrorText, type FieldErrors } from "~/components/ui/field-errors";
import { MAX_PEOPLE_QUERY } from "~/models/album/album-shares.schema";
import * as css from "./share-panel.css";

/** One entry of the people search as the API answers it (the reference's PeopleList). */
interface PersonItem {
  id: string;
  type: "user" | "group";
  name: string;
  uniqueName: string;
}

interface PeopleListBody {
  data?: { type?: string; display_name?: string; unique_name?: string; href?: string }[];
}

const SEARCH_DELAY_MS = 250;

function itemsOf(body: PeopleListBody): PersonItem[] {
  const items: PersonItem[] = [];
  for (const row of body.data ?? []) {
    const match = /\/(users|groups)\/(\d+)\/?$/.exec(row.href ?? "");
    if (!match) continue;
    const type = match[1] === "users" ? "user" : "group";
    items.push({
      id: `${type}:${match[2]}`,
      type,
      name: row.display_name ?? "",
      uniqueName: row.unique_name ?? "",
    });
  }
  return items;
}

/**
 * The people picker with JavaScript (react-aria ComboBox): what is typed searches the people one
 * may share with (the API's people list), and the one chosen goes into the form as `target`.
 * Without JavaScript the page offers a search form and radio buttons instead.
 */
export function SharePeoplePicker({ api, errors }: { api: string; errors?: FieldErrors }) {
  const t = useT();
  const [text, setText] = useState("");
  const [items, setItems] = useState<PersonItem[]>([]);
  const [selected, setSelected] = useState<string>("");
  const [status, setStatus] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const abort = useRef<AbortController>();
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      abort.current?.abort();
    },
    [],
  );

  const search = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    const q = value.trim();
    if (q === "") {
      setItems([]);
      setStatus("");
      return;
    }
    timer.current = setTimeout(() => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      fetch(`${api}?${new URLSearchParams({ q })}`, {
        headers: { Accept: "application/json" },
        signal: controller.signal,
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(String(response.status));
          const found = itemsOf((await response.json()) as PeopleListBody);
          setItems(found);
          setStatus(found.length === 0 ? t("album.people.noMatch") : "");
        })
        .catch(() => {
          if (!controller.signal.aborted) {
            setItems([]);
            setStatus(t("album.people.failed"));
          }
        });
    }, SEARCH_DELAY_MS);
  };
  const error = fieldErrorText(errors);

  return (
    <>
      <ComboBox
        className={controls.field}
        items={items}
        inputValue={text}
        onInputChange={(value) => {
          search(value);
          if (selected && !items.some((i) => i.id === selected && i.name === value))
            setSelected("");
        }}
        selectedKey={selected || null}
        onSelectionChange={(key) => {
          const id = key === null ? "" : String(key);
          setSelected(id);
          const item = items.find((i) => i.id === id);
          if (item) setText(item.name);
        }}
        isInvalid={Boolean(error)}
        validationBehavior="aria"
        allowsEmptyCollection
        menuTrigger="input"
      >
        <Label className={controls.label}>{t("album.people.label")}</Label>
        <Input className={controls.input} maxLength={MAX_PEOPLE_QUERY} />
        <Text slot="description" className={controls.description}>
          {t("album.people.hint")}
        </Text>
        <FieldError className={controls.fieldError}>{error}</FieldError>
        <Popover className={css.popover}>
          <ListBox<PersonItem> className={css.listBox}>
            {(item) => (
              <ListBoxItem id={item.id} textValue={item.name} className={css.option}>
                {item.type === "user"
                  ? t("album.people.user", { name: item.name, uniqueName: item.uniqueName })
                  : t("album.people.group", { name: item.name })}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      <span role="status" className={controls.description}>
        {status}
      </span>
      <input type="hidden" name="target" value={selected} />
    </>
  );
}

export interface PersonChoice {
  type: "user" | "group";
  id: number;
  displayName: string;
  uniqueName: string;
}

/** Without JavaScript: the matches of the page's people search as radio buttons. */
export function SharePeopleChoices({
  people,
  errors,
}: {
  people: PersonChoice[] | null;
  errors?: FieldErrors;
}) {
  const t = useT();
  if (people === null || people.length === 0)
    return (
      <div className={css.fieldset}>
        <span className={controls.legend}>{t("album.people.label")}</span>
        <p className={controls.description}>
          {people === null ? t("album.people.searchFirst") : t("album.people.noMatch")}
        </p>
        {fieldErrorText(errors) ? (
          <span className={controls.fieldError} role="alert">
            {fieldErrorText(errors)}
          </span>
        ) : null}
      </div>
    );
  return (
    <RadioGroupField
      name="target"
      label={t("album.people.label")}
      errors={errors}
      options={people.map((person) => ({
        value: `${person.type}:${person.id}`,
        label:
          person.type === "user"
            ? t("album.people.user", { name: person.displayName, uniqueName: person.uniqueName })
            : t("album.people.group", { name: person.displayName }),
      }))}
    />
  );
}
