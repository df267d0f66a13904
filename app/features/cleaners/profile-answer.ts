import type { ToastMessage } from "~/components/kit/toast";
import type { FormProblem } from "~/lib/forms";
import type { RevealedPayment } from "./cleaner-profile";
import type { PublicProfileEditField } from "./public-profile-edit.schema";
import type { PoliceCheckField, TimeOffField } from "./vetting.schema";

/** What the cleaner profile's action answers, by the form that posted. */
export type ProfileAnswer =
  | { intent: "status"; error?: string; toast?: ToastMessage }
  | ({
      intent: "profile";
      saved?: boolean;
      toast?: ToastMessage;
    } & FormProblem<PublicProfileEditField>)
  | { intent: "reveal"; payment?: RevealedPayment; error?: string; toast?: ToastMessage }
  | ({
      intent: "police-check";
      saved?: boolean;
      toast?: ToastMessage;
    } & FormProblem<PoliceCheckField>)
  | ({ intent: "time-off"; saved?: boolean; toast?: ToastMessage } & FormProblem<TimeOffField>);
