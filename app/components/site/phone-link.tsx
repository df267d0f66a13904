import { phoneHref } from "~/lib/phone";
import { useBusinessProfile } from "./site-data";

const UNDERLINE = {
  light: "decoration-gold-deep/50 hover:decoration-gold-deep",
  dark: "text-ivory decoration-gold/60 hover:decoration-gold",
};

type Props = { className?: string; tone?: keyof typeof UNDERLINE };

/** The business phone as a tel: link, read live from the profile. */
export function PhoneLink({ className = "", tone = "light" }: Props) {
  const { phone } = useBusinessProfile();
  return (
    <a
      href={phoneHref(phone)}
      className={`font-semibold whitespace-nowrap underline underline-offset-4 ${UNDERLINE[tone]} ${className}`}
    >
      {phone}
    </a>
  );
}

/** The business email as a mailto: link. */
export function EmailLink({ className = "", tone = "light" }: Props) {
  const { email } = useBusinessProfile();
  return (
    <a
      href={`mailto:${email}`}
      className={`font-semibold break-all underline underline-offset-4 ${UNDERLINE[tone]} ${className}`}
    >
      {email}
    </a>
  );
}
