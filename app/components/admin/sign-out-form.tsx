import { LogOut } from "lucide-react";
import { Form } from "react-router";

/**
 * Sign out is a POST (a link or an image could not sign anyone out), sent as a full page
 * request so nothing of the admin stays in the browser's memory afterwards.
 */
export function SignOutForm({ className = "" }: { className?: string }) {
  return (
    <Form method="post" action="/admin/logout" reloadDocument className={className}>
      <button
        type="submit"
        className="inline-flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-sm font-semibold text-mist hover:bg-ivory/5 hover:text-ivory"
      >
        <LogOut aria-hidden="true" className="size-[1.125rem]" strokeWidth={1.5} />
        Sign out
      </button>
    </Form>
  );
}
