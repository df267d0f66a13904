// The floating surfaces' shared look (dialogs, menus, popovers), light and dark.
export const FLOATING_SURFACE =
  "rounded-lg border border-line bg-white text-ink shadow-lg shadow-ink/10 " +
  "dark:border-ivory/15 dark:bg-ink-raised dark:text-ivory";

export const OVERLAY = "fixed inset-0 z-40 bg-ink/50";

export const MENU_ITEM =
  "flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 text-sm outline-none select-none " +
  "data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[highlighted]:bg-ink/5 dark:data-[highlighted]:bg-ivory/10";
