import {
  APPLICATION_TEXT,
  ENGLISH_OPTIONS,
  EQUIPMENT_OPTIONS,
  EXPERIENCE_OPTIONS,
  labelOf,
  maskAccountNumber,
  VISA_OPTIONS,
} from "../application-copy";
import { formatShortDate } from "~/lib/format";
import type { ApplicationAnswers, PaymentAnswers } from "../application-form";

// docs/product/back-office.md#cleaner-application-wizard step 6: a read-only summary. The payment
// block shows only when a bank name, account name, BSB or account number is filled, with the
// account number masked except its last four digits.

const orNotProvided = (value: string) => value || APPLICATION_TEXT.notProvided;
const listOrNone = (values: readonly string[]) =>
  values.length > 0 ? values.join(", ") : APPLICATION_TEXT.noneSelected;
const yesNo = (value: boolean) => (value ? "Yes" : "No");

function Block({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <section className="rounded-lg border border-line bg-white p-5">
      <h3 className="font-display text-xl font-medium">{title}</h3>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        {rows.map(([term, detail]) => (
          <div key={term} className="contents">
            <dt className="text-sm text-muted">{term}</dt>
            <dd className="font-medium break-words">{detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ReviewStep({
  answers,
  payment,
}: {
  answers: ApplicationAnswers;
  payment: PaymentAnswers;
}) {
  const showPayment = Boolean(
    payment.bankName || payment.accountName || payment.bsb || payment.accountNumber,
  );
  return (
    <div className="grid gap-5">
      <Block
        title="Personal"
        rows={[
          ["Photo", answers.photo ? "Uploaded" : APPLICATION_TEXT.notProvided],
          ["Full Name", answers.name],
          ["Email", answers.email],
          ["Phone Number", answers.phone],
        ]}
      />
      <Block
        title="Experience & Eligibility"
        rows={[
          ["Cleaning Experience", labelOf(EXPERIENCE_OPTIONS, answers.experience)],
          ["Visa Status", labelOf(VISA_OPTIONS, answers.visaStatus)],
          ["English Proficiency", labelOf(ENGLISH_OPTIONS, answers.englishProficiency)],
          [
            "Police Check",
            answers.hasPoliceCheck ? `Yes (${formatShortDate(answers.policeCheckDate)})` : "No",
          ],
          ["ABN", answers.hasAbn ? orNotProvided(answers.abnNumber) : APPLICATION_TEXT.notProvided],
          ["Own Transport", yesNo(answers.hasTransport)],
          ["Preferred Areas", orNotProvided(answers.preferredAreas)],
        ]}
      />
      <Block
        title="Availability & Languages"
        rows={[
          ["Availability", listOrNone(answers.availability)],
          ["Languages", listOrNone(answers.languages)],
        ]}
      />
      <Block
        title="Equipment"
        rows={[
          ["Own Equipment", yesNo(answers.hasOwnEquipment)],
          ...(answers.hasOwnEquipment
            ? ([
                [
                  "Equipment",
                  listOrNone(
                    answers.ownedEquipment.map((item) => labelOf(EQUIPMENT_OPTIONS, item)),
                  ),
                ],
              ] satisfies [string, string][])
            : []),
        ]}
      />
      {showPayment && (
        <Block
          title="Payment Details"
          rows={[
            ["Bank Name", orNotProvided(payment.bankName)],
            ["Account Name", orNotProvided(payment.accountName)],
            ["BSB", orNotProvided(payment.bsb)],
            [
              "Account Number",
              payment.accountNumber
                ? maskAccountNumber(payment.accountNumber)
                : APPLICATION_TEXT.notProvided,
            ],
          ]}
        />
      )}
      {answers.message && <Block title="Additional Notes" rows={[["Notes", answers.message]]} />}
    </div>
  );
}
