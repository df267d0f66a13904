import { Clock, Mail, MapPin, Phone, type LucideIcon } from "lucide-react";
import { IconBadge } from "~/components/ui/icon-badge";
import { OpeningHoursList } from "../opening-hours";
import { EmailLink, PhoneLink } from "../phone-link";
import { useBusinessProfile } from "../site-data";

/** Phone, email, location and hours, all live from the business profile (docs/product/public-site.md#contact-page). */
export function ContactDetails() {
  const profile = useBusinessProfile();
  return (
    <ul className="space-y-8">
      <Detail icon={Phone} title="Phone">
        <PhoneLink className="text-lg" />
      </Detail>
      <Detail icon={Mail} title="Email">
        <EmailLink className="text-lg" />
      </Detail>
      <Detail icon={MapPin} title="Location">
        <address className="leading-relaxed not-italic">{profile.address}</address>
      </Detail>
      <Detail icon={Clock} title="Hours">
        <OpeningHoursList hours={profile.openingHours} />
      </Detail>
    </ul>
  );
}

function Detail({
  icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex gap-5">
      <IconBadge icon={icon} />
      <div className="min-w-0 pt-1">
        <h3 className="text-xs font-semibold tracking-[0.2em] text-gold-deep uppercase">{title}</h3>
        <div className="mt-2">{children}</div>
      </div>
    </li>
  );
}
