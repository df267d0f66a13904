import { LogIn } from "lucide-react";
import { ButtonLink } from "~/components/ui/button-link";
import { Container } from "~/components/ui/container";
import { IconBadge } from "~/components/ui/icon-badge";
import { SIGNED_OUT_TEXT } from "../customer-copy";

/** What a personal page shows a visitor who is not signed in: why, and the way to sign in. */
export function SignInPrompt({ text, redirectTo }: { text: string; redirectTo: string }) {
  return (
    <section aria-labelledby="sign-in-prompt-title" className="py-16 sm:py-20">
      <Container narrow>
        <div className="rounded-lg border border-line bg-white p-7 sm:p-10">
          <IconBadge icon={LogIn} />
          <h2
            id="sign-in-prompt-title"
            className="mt-6 font-display text-3xl leading-tight font-medium text-balance"
          >
            Sign in to continue
          </h2>
          <p className="mt-4 leading-relaxed text-ink-soft">{text}</p>
          <div className="mt-8">
            <ButtonLink to={`/sign-in?redirectTo=${encodeURIComponent(redirectTo)}`}>
              {SIGNED_OUT_TEXT.action}
            </ButtonLink>
          </div>
        </div>
      </Container>
    </section>
  );
}
