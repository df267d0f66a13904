import { Link, type LinkProps } from "react-router";
import { buttonClasses, type ButtonVariant } from "./button";

/** A navigation styled as a button: still a real link, so it works before JavaScript loads. */
export function ButtonLink({
  variant = "ink",
  className = "",
  ...props
}: LinkProps & { variant?: ButtonVariant }) {
  return <Link {...props} className={buttonClasses(variant, className)} />;
}
