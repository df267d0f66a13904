import { Link } from "react-router";

/** The business name as the admin's home link, in the site's display face. */
export function AdminBrand({ name }: { name: string }) {
  return (
    <Link
      to="/admin/dashboard"
      className="inline-flex min-h-11 flex-col justify-center leading-tight text-ivory hover:text-gold"
    >
      <span className="font-display text-xl font-medium">{name}</span>
      <span className="text-[0.7rem] font-semibold tracking-[0.2em] text-gold uppercase">
        Admin
      </span>
    </Link>
  );
}
