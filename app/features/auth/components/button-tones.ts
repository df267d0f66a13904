// The settings screen's buttons keep their contrast in the dark theme: gold fills carry ink text.
export const PRIMARY_BUTTON = "dark:bg-gold dark:text-ink dark:hover:bg-gold-light";
export const SECONDARY_BUTTON = "dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10";
