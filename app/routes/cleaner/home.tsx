import { Form } from "react-router";
import { cleanerMeta } from "~/components/cleaner/cleaner-meta";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { submitOfferAnswer } from "~/features/cleaner-app/cleaner-actions.server";
import { CLEANER_HOME_TEXT } from "~/features/cleaner-app/cleaner-app-copy";
import { loadCleanerHome } from "~/features/cleaner-app/cleaner-jobs.service.server";
import { CleanerAppNav } from "~/features/cleaner-app/components/cleaner-app-nav";
import {
  CLEANER_PRIVATE_HEADERS,
  requireCleaner,
} from "~/features/cleaner-app/cleaner-session.server";
import { JobCard } from "~/features/cleaner-app/components/job-card";
import { OfferCard } from "~/features/cleaner-app/components/offer-card";
import { OfflineBanner } from "~/features/cleaner-app/components/offline-banner";
import type { Route } from "./+types/home";

// /cleaner: the cleaner's today and upcoming jobs, the next one first, and their open offers
// (docs/decisions/0063-cleaner-app-sign-in.md). Only the signed-in cleaner's own.

export const meta: Route.MetaFunction = ({ matches }) =>
  cleanerMeta(matches, CLEANER_HOME_TEXT.title);

export function headers() {
  return CLEANER_PRIVATE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const cleaner = await requireCleaner(request, context);
  const home = await loadCleanerHome(context.db, cleaner.id);
  if (!home) throw new Response(null, { status: 404 });
  return home;
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitOfferAnswer(request, context);
}

export default function CleanerHome({ loaderData, actionData }: Route.ComponentProps) {
  const { jobs, offers } = loaderData;
  const [next, ...later] = jobs;
  const problem = actionData && !actionData.ok ? actionData : undefined;
  return (
    <Container narrow className="py-8 sm:py-12">
      <OfflineBanner loadedAt={loaderData.loadedAt} />
      <CleanerAppNav />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl leading-tight font-medium sm:text-4xl">
          {CLEANER_HOME_TEXT.greeting(loaderData.firstName)}
        </h1>
        <Form method="post" action="/cleaner/sign-out" data-signs-out="">
          <button type="submit" className={buttonClasses("outline", "px-4")}>
            {CLEANER_HOME_TEXT.signOut}
          </button>
        </Form>
      </div>
      {actionData?.ok && (
        <p
          role="status"
          className="mt-6 rounded-md border border-success/40 bg-success/5 px-4 py-3 text-sm font-semibold text-success"
        >
          {actionData.message}
        </p>
      )}
      <section aria-labelledby="next-job" className="mt-8">
        <h2 id="next-job" className="text-sm font-semibold tracking-[0.15em] uppercase">
          {CLEANER_HOME_TEXT.nextJob}
        </h2>
        <div className="mt-3">
          {next ? (
            <JobCard job={next} next />
          ) : (
            <p className="text-ink-soft">{CLEANER_HOME_TEXT.noJobs}</p>
          )}
        </div>
      </section>
      {later.length > 0 && (
        <section aria-labelledby="upcoming" className="mt-8">
          <h2 id="upcoming" className="text-sm font-semibold tracking-[0.15em] uppercase">
            {CLEANER_HOME_TEXT.upcoming}
          </h2>
          <ul className="mt-3 grid gap-3">
            {later.map((job) => (
              <li key={job.id}>
                <JobCard job={job} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="offers" className="mt-10">
        <h2 id="offers" className="text-sm font-semibold tracking-[0.15em] uppercase">
          {CLEANER_HOME_TEXT.offers}
        </h2>
        {offers.length === 0 ? (
          <p className="mt-3 text-ink-soft">{CLEANER_HOME_TEXT.noOffers}</p>
        ) : (
          <ul className="mt-3 grid gap-3">
            {offers.map((offer) => (
              <li key={offer.id}>
                <OfferCard
                  offer={offer}
                  problem={
                    problem?.assignmentId === offer.id
                      ? { message: problem.message, reason: problem.fieldErrors?.reason }
                      : undefined
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Container>
  );
}
