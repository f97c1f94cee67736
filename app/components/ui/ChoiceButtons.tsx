import type { ReactNode } from "react";
import { Button } from "./Button";
import * as css from "./choice-buttons.css";

export interface Choice {
  value: string;
  label: string;
  /** The language the label is written in, when it is not the page's. */
  lang?: string;
}

/*
 * A choice made with one press, inside the caller's form: the current one as text, each other
 * one a submit button posting `name=value`. Works without JavaScript, and carries none of a
 * radio group's code into the pages whose shell shows it (the user menu, the footer).
 */
export function ChoiceButtons({
  legend,
  name,
  current,
  choices,
  after,
}: {
  legend: string;
  name: string;
  current: string;
  choices: readonly Choice[];
  /** What follows the choices on the same line (a link to more). */
  after?: ReactNode;
}) {
  return (
    <fieldset className={css.choices}>
      <legend className={css.legend}>{legend}</legend>
      {choices.map((choice) =>
        choice.value === current ? (
          <strong key={choice.value} lang={choice.lang} className={css.current}>
            {choice.label}
          </strong>
        ) : (
          <Button key={choice.value} type="submit" name={name} value={choice.value} variant="quiet">
            {choice.lang ? <span lang={choice.lang}>{choice.label}</span> : choice.label}
          </Button>
        ),
      )}
      {after}
    </fieldset>
  );
}
