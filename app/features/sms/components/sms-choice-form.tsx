import { Form, useNavigation } from "react-router";
import { Checkbox } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import { SMS_CHOICE_PATH, SMS_CHOICE_TEXT } from "../sms-copy";

/** The profile's opt-in and opt-out of texts: one box, posted without JavaScript. */
export function SmsChoiceForm({
  phone,
  optedIn,
  saved,
}: {
  phone: string;
  optedIn: boolean;
  saved: "on" | "off" | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === SMS_CHOICE_PATH;
  return (
    <Form
      method="post"
      action={SMS_CHOICE_PATH}
      className="grid gap-4"
      aria-labelledby="sms-heading"
    >
      <h2 id="sms-heading" className="font-display text-xl font-medium">
        {SMS_CHOICE_TEXT.heading}
      </h2>
      <Checkbox
        id="sms-opt-in"
        name="optedIn"
        label={SMS_CHOICE_TEXT.label}
        hint={SMS_CHOICE_TEXT.hint(phone)}
        defaultChecked={optedIn}
      />
      <FormMessage
        tone="success"
        message={
          saved === "on"
            ? SMS_CHOICE_TEXT.savedOn
            : saved === "off"
              ? SMS_CHOICE_TEXT.savedOff
              : undefined
        }
      />
      <div>
        <button type="submit" disabled={busy} className={buttonClasses("outline")}>
          {busy ? SMS_CHOICE_TEXT.saving : SMS_CHOICE_TEXT.save}
        </button>
      </div>
    </Form>
  );
}
