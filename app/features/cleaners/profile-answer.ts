import type { ToastMessage } from "~/components/kit/toast";
import type { CleanerStatus } from "~/server/database";
import type { FormProblem } from "~/lib/forms";
import type { ApplicationAnswer } from "./application-review";
import type { RevealedPayment } from "./cleaner-profile";
import type { CleanerBankField, CleanerDetailsField } from "./cleaner-details.schema";
import type { PayBasisField } from "./pay-basis.schema";
import type { PublicProfileEditField } from "./public-profile-edit.schema";
import type { PoliceCheckField, TimeOffField } from "./vetting.schema";

/** What the cleaner profile's action answers, by the form that posted. */
export type ProfileAnswer =
  | {
      intent: "status";
      error?: string;
      toast?: ToastMessage;
      /** The jobs a move away from taking jobs would release, for staff to confirm first */
      confirm?: { status: CleanerStatus; label: string; jobs: JobToRelease[] };
    }
  | ({
      intent: "profile";
      saved?: boolean;
      toast?: ToastMessage;
    } & FormProblem<PublicProfileEditField>)
  | ({
      intent: "details";
      saved?: boolean;
      toast?: ToastMessage;
    } & FormProblem<CleanerDetailsField>)
  | ({ intent: "bank"; saved?: boolean; toast?: ToastMessage } & FormProblem<CleanerBankField>)
  | ({ intent: "pay-basis"; saved?: boolean; toast?: ToastMessage } & FormProblem<PayBasisField>)
  | { intent: "reveal"; payment?: RevealedPayment; error?: string; toast?: ToastMessage }
  | ({
      intent: "police-check";
      saved?: boolean;
      toast?: ToastMessage;
    } & FormProblem<PoliceCheckField>)
  | ({ intent: "time-off"; saved?: boolean; toast?: ToastMessage } & FormProblem<TimeOffField>)
  | { intent: "time-off-remove"; saved?: boolean; formError?: string; toast?: ToastMessage }
  | ApplicationAnswer;

/** A job a status change would release, as the confirmation lists it. */
export type JobToRelease = { id: string; label: string };
