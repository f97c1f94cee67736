import {
  Form,
  useNavigate,
  useNavigation,
  useRouteLoaderData,
  useSearchParams,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button } from "react-aria-components/Button";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { SearchField } from "react-aria-components/SearchField";
import { Text } from "react-aria-components/Text";
import * as css from "./layout.css";
import { visuallyHidden } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { useT } from "~/components/locale/locale-context";

export const SEARCH_PATH = LINKS.archives;

/**
 * The main search: a GET form that works without JavaScript. With it, an empty submit goes to the
 * clear URL, and the button shows a spinner and is disabled until the result arrives.
 */
export function SearchBox() {
  const [params] = useSearchParams();
  const t = useT();
  // The archive list's answer to this search (spec 000 §8): its error shows under the field.
  const list = useRouteLoaderData<{ searchError?: { heading: string; value: string } | null }>(
    "routes/fotoweb.archives._index",
  );
  const error = list?.searchError ?? null;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const current = params.get("q") ?? "";
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);
  const searching =
    navigation.state !== "idle" &&
    navigation.location?.pathname === SEARCH_PATH &&
    navigation.formMethod !== "POST";

  return (
    <Form
      method="get"
      action={SEARCH_PATH}
      role="search"
      className={css.search}
      onSubmit={(event) => {
        if (value.trim() === "") {
          event.preventDefault();
          navigate(SEARCH_PATH);
        }
      }}
    >
      <SearchField
        name="q"
        value={value}
        onChange={setValue}
        className={css.searchField}
        aria-label={t("common.search.label")}
        isInvalid={error !== null}
      >
        <Label className={visuallyHidden}>{t("common.search.label")}</Label>
        {error ? (
          <Text slot="errorMessage" className={css.searchTooltip}>
            <strong>{error.heading}</strong> {error.value}
          </Text>
        ) : null}
        <Input
          className={css.searchInput}
          placeholder={t("common.search.label")}
          maxLength={1000}
        />
        <Button className={css.searchClear} aria-label={t("common.search.clear")}>
          ×
        </Button>
      </SearchField>
      <Button
        type="submit"
        className={css.headerButton}
        isDisabled={searching}
        aria-label={t("common.search.label")}
      >
        {searching ? (
          <span className={css.spinner} aria-hidden="true" />
        ) : (
          <span className={css.searchIcon} aria-hidden="true" />
        )}
        <span aria-hidden={searching} className={css.searchWord}>
          {t("common.search.label")}
        </span>
      </Button>
    </Form>
  );
}
