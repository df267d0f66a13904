import { data } from "react-router";
import { ContactDetails } from "~/components/site/contact/contact-details";
import { ContactForm, type ContactActionData } from "~/components/site/contact/contact-form";
import { pageMeta } from "~/components/site/meta";
import { PageMain } from "~/components/site/page-main";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import { requireSameOrigin } from "~/features/auth/request-origin.server";
import {
  CONTACT_FIELDS,
  CONTACT_TEXT,
  ContactMessageSchema,
  contactFieldErrors,
} from "~/features/contact/contact.schema";
import { sendContactMessage } from "~/features/contact/contact.service.server";
import {
  allowPublicForm,
  isHoneypotFilled,
  readTextFields,
  tooManySubmissions,
} from "~/server/public-form.server";
import type { Route } from "./+types/contact";

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "Contact Us",
    "Send us a message, call or email. Our hours, phone and address, and how to reach our Sydney team.",
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.config);
  const form = await request.formData();
  const values = readTextFields(form, CONTACT_FIELDS);
  // D8: the failure text only when the message was not stored; what they typed comes back.
  // The rate limit is counted in the database too, so a database that cannot answer fails here.
  const notStored = (error: unknown) => {
    context.logger.error({ err: error }, "contact message not stored");
    return data<ContactActionData>(
      { status: "error", formError: CONTACT_TEXT.failed, values },
      { status: 503 },
    );
  };
  try {
    if (!(await allowPublicForm(context))) {
      return tooManySubmissions<ContactActionData>({ status: "error", values });
    }
  } catch (error) {
    return notStored(error);
  }
  // A bot that filled the hidden field is told it worked, and nothing is stored (D26).
  if (isHoneypotFilled(form)) return { status: "success" } satisfies ContactActionData;

  const parsed = ContactMessageSchema.safeParse(values);
  if (!parsed.success) {
    return data<ContactActionData>(
      { status: "invalid", fieldErrors: contactFieldErrors(parsed.error), values },
      { status: 400 },
    );
  }
  try {
    await sendContactMessage(context.db, parsed.data);
  } catch (error) {
    return notStored(error);
  }
  return { status: "success" } satisfies ContactActionData;
}

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <PageMain>
      <PageIntro eyebrow="Contact" title="We would love to hear from you">
        <p>Questions, quotes or something special in mind: our team is here to help.</p>
      </PageIntro>
      <Container className="grid gap-14 py-16 sm:py-20 lg:grid-cols-2 lg:gap-20">
        <section aria-labelledby="details-title">
          <h2 id="details-title" className="font-display text-3xl font-medium">
            Get in touch
          </h2>
          <div className="mt-8">
            <ContactDetails />
          </div>
        </section>
        <section
          aria-labelledby="message-title"
          className="self-start rounded-lg border border-line bg-white p-6 sm:p-8"
        >
          <h2 id="message-title" className="font-display text-3xl font-medium">
            Send us a message
          </h2>
          <p className="mt-3 leading-relaxed text-ink-soft">
            Tell us a little about your space and what you have in mind, and we will be in touch.
          </p>
          <ContactForm result={actionData as ContactActionData | undefined} />
        </section>
      </Container>
    </PageMain>
  );
}
