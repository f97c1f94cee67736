import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
} from "react-aria-components/Button";
import { button } from "./controls.css";

export interface ButtonProps extends AriaButtonProps {
  variant?: keyof typeof button;
}

/** react-aria's Button, styled; type="submit" buttons submit their form with JavaScript off too. */
export function Button({ variant = "primary", className, ...props }: ButtonProps) {
  return (
    <AriaButton {...props} className={[button[variant], className].filter(Boolean).join(" ")} />
  );
}
