import {
  buttonHtml,
  emailLayout,
  headingHtml,
  imageHtml,
  paragraphHtml,
  type EmailFooter,
} from "./email-layout";

export type EmailContent = {
  heading: string;
  paragraphs: string[];
  /** One call to action: a magic link, a booking, an offer to accept. */
  action?: { label: string; url: string };
  /** The line mail programs show beside the subject; the first paragraph when absent. */
  preheader?: string;
  /** One picture after the heading (the accepted cleaner's photo), an absolute http(s) URL. */
  image?: { url: string; alt: string };
};

export type RenderedEmail = { html: string; text: string };

/**
 * One email in the house style, as HTML with a plain-text alternative carrying the same words.
 * Every value is text (escaped here), so callers can pass what a customer typed. Later features
 * build their emails with it: magic links, booking confirmations, assignment offers.
 */
export function renderEmail(content: EmailContent, footer: EmailFooter): RenderedEmail {
  const { heading, paragraphs, action, image } = content;
  if (action && !/^https?:\/\//i.test(action.url)) {
    throw new Error("An email action must be an http(s) URL");
  }
  if (image && !/^https?:\/\//i.test(image.url)) {
    throw new Error("An email image must be an http(s) URL");
  }

  const body = [
    headingHtml(heading),
    image ? imageHtml(image.url, image.alt) : "",
    ...paragraphs.map(paragraphHtml),
    action ? buttonHtml(action.label, action.url) : "",
  ].join("\n");
  const html = emailLayout({
    title: heading,
    preheader: content.preheader ?? paragraphs[0] ?? heading,
    content: body,
    footer,
  });

  const text = [
    heading,
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    "-- ",
    footer.name,
    footer.address,
    `${footer.phone} · ${footer.email}`,
    "",
  ].join("\n");

  return { html, text };
}
