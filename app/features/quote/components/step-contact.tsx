import { TextInput } from "~/components/site/forms/choice-fields";
import type { StepProps } from "./quote-wizard";
import type { WizardState } from "./wizard-state";

// Step 5: name, email and phone. A field's message shows once something is typed in it, or
// when Generate Quote sent the customer back here (`errors`); the Next button's reason covers
// the empty ones.

type Lead = WizardState["leadInfo"];

export function StepContact({ state, set, errors: shown, live: errors }: StepProps) {
  const lead = state.leadInfo;
  const update = (patch: Partial<Lead>) =>
    set((s) => ({ ...s, leadInfo: { ...s.leadInfo, ...patch } }));
  const errorOf = (key: keyof Lead) =>
    shown[`leadInfo.${key}`] ?? (lead[key].trim() === "" ? undefined : errors[`leadInfo.${key}`]);

  return (
    <div className="space-y-6">
      <TextInput
        label="Full name"
        autoComplete="name"
        value={lead.name}
        onChange={(name) => update({ name })}
        error={errorOf("name")}
      />
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        hint="We send your quote here"
        value={lead.email}
        onChange={(email) => update({ email })}
        error={errorOf("email")}
      />
      <TextInput
        label="Phone"
        type="tel"
        autoComplete="tel"
        hint="Like 0412 345 678"
        value={lead.phone}
        onChange={(phone) => update({ phone })}
        error={errorOf("phone")}
      />
    </div>
  );
}
