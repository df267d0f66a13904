import { redirect } from "react-router";

// docs/decisions/0005-durable-references.md: this page needs a durable reference (?ref=…). References arrive with the quote
// and booking flows in a later issue; until then every visit, like a missing or unknown
// reference, goes home.
export function loader() {
  throw redirect("/");
}

// Never rendered: the loader always redirects. Kept so client-side navigation treats this as a
// page, not a resource route.
export default function Page() {
  return null;
}
