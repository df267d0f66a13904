// The one look for a text input, text area or native select, on the public site and in the
// admin (the dark: pairs only apply under the admin's .dark theme). Borders are 4.5:1 or more.
export const INPUT_CLASS =
  "mt-1.5 block min-h-11 w-full rounded-md border border-ink/55 bg-white px-3 py-2 text-base text-ink " +
  "placeholder:text-muted aria-[invalid=true]:border-danger disabled:opacity-60 " +
  "dark:border-ivory/50 dark:bg-ink dark:text-ivory dark:aria-[invalid=true]:border-red-300";
