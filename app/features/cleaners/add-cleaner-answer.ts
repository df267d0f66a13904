import type { ToastMessage } from "~/components/kit/toast";
import type { FormProblem } from "~/lib/forms";
import type { AddCleanerField } from "./add-cleaner.schema";

/** What the directory's action answers to the Add Cleaner form. */
export type AddCleanerAnswer = FormProblem<AddCleanerField> & {
  intent: "add";
  added?: { id: string; name: string };
  toast?: ToastMessage;
};
