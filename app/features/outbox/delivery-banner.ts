// What the warning banner on every admin page says (docs/decisions/0008-webhook-outbox.md): a target that has failed five
// times in a row, or a webhook or email still unsent after an hour. Pure, so the shell renders it.

export type DeliveryBanner = {
  failingTargets: { target: string; consecutiveFailures: number }[];
  /** Webhooks and emails created over an hour ago and still not delivered (capped at the list). */
  undelivered: number;
  /** True when there may be more undelivered messages than were counted. */
  undeliveredCapped: boolean;
};

/** "https://hooks.example/abc" -> "hooks.example/abc"; "smtp" -> "The mail server". */
export function describeTarget(target: string) {
  if (target === "smtp") return "The mail server";
  if (target === "file") return "The email file writer";
  if (target.startsWith("job:")) return `The ${target.slice(4)} job`;
  if (URL.canParse(target)) {
    const url = new URL(target);
    return `The webhook at ${url.host}${url.pathname === "/" ? "" : url.pathname}`;
  }
  return target;
}

/** One sentence per problem, shortest first. */
export function bannerLines(banner: DeliveryBanner) {
  const lines = banner.failingTargets.map(
    (failing) =>
      `${describeTarget(failing.target)} has failed ${failing.consecutiveFailures} times in a row.`,
  );
  if (banner.undelivered > 0) {
    const count = `${banner.undelivered}${banner.undeliveredCapped ? " or more" : ""}`;
    lines.push(
      banner.undelivered === 1 && !banner.undeliveredCapped
        ? "1 message has been waiting over an hour to send."
        : `${count} messages have been waiting over an hour to send.`,
    );
  }
  return lines;
}
