import { ChevronRight, LogOut } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { PROFILE_MENU, PROFILE_TEXT } from "../customer-copy";
import type { CustomerProfile } from "../profile.service.server";

/**
 * The profile (docs/product/public-site.md#mobile-profile): name, email, phone and saved address, the four
 * menu links, and Log Out (a POST, so a link or prefetch never signs anyone out).
 */
export function ProfileCard({ profile }: { profile: CustomerProfile }) {
  return (
    <div className="space-y-8">
      <section
        aria-labelledby="profile-name"
        className="rounded-lg border border-line bg-white p-6 sm:p-8"
      >
        <h2 id="profile-name" className="font-display text-3xl font-medium break-words">
          {profile.name ?? profile.email}
        </h2>
        <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-2">
          <Item label="Email">{profile.email}</Item>
          <Item label="Phone">{profile.phone ?? "Not given"}</Item>
          <Item label={PROFILE_TEXT.savedAddress} wide>
            {profile.savedAddress ?? PROFILE_TEXT.noAddress}
          </Item>
        </dl>
      </section>

      <nav aria-label="Account">
        <ul className="divide-y divide-line overflow-hidden rounded-lg border border-line bg-white">
          {PROFILE_MENU.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="flex min-h-14 items-center justify-between gap-3 px-5 py-3 font-semibold hover:bg-ink/5"
              >
                {item.label}
                <ChevronRight aria-hidden="true" className="size-4 text-gold-deep" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <Form method="post" action="/profile">
        <input type="hidden" name="intent" value="sign-out" />
        <button type="submit" className={buttonClasses("outline", "w-full sm:w-auto")}>
          <LogOut aria-hidden="true" className="size-4" strokeWidth={1.5} />
          {PROFILE_TEXT.signOut}
        </button>
      </Form>
    </div>
  );
}

function Item({
  label,
  children,
  wide = false,
}: {
  label: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? "sm:col-span-2" : ""}>
      <dt className="text-xs font-semibold tracking-[0.1em] text-muted uppercase">{label}</dt>
      <dd className="mt-1 break-words">{children}</dd>
    </div>
  );
}
