import type { BusinessProfile } from "~/features/settings/business-profile";

// The brand in an email (docs/brand.md#colour): deep ink text on warm ivory, one champagne-gold accent, a serif
// heading. Mail programs ignore stylesheets and block remote content, so styles are inline, the
// layout is tables, fonts are ones the reader already has, and there are no images at all.
const INK = "#101828";
const INK_SOFT = "#344054";
const MUTED = "#5b6472";
const IVORY = "#faf7f2";
const WHITE = "#ffffff";
const LINE = "#e4ded3";
const GOLD = "#c9a96e"; // ink on gold reads at 8:1
const SERIF = "'Cormorant Garamond', Georgia, 'Times New Roman', serif";
const SANS = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

export type EmailFooter = Pick<BusinessProfile, "name" | "phone" | "email" | "address">;

export function escapeHtml(text: string) {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The page around an email's content; `content` is HTML already escaped by the caller. */
export function emailLayout({
  title,
  preheader,
  content,
  footer,
}: {
  title: string;
  preheader: string;
  content: string;
  footer: EmailFooter;
}) {
  const name = escapeHtml(footer.name);
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background-color:${IVORY};color:${INK};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${IVORY};">
<tr><td align="center" style="padding:40px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">
<tr><td style="padding:0 0 24px 0;font-family:${SERIF};font-size:22px;letter-spacing:0.04em;color:${INK};">${name}</td></tr>
<tr><td style="height:2px;line-height:2px;font-size:0;background-color:${GOLD};">&nbsp;</td></tr>
<tr><td style="background-color:${WHITE};border:1px solid ${LINE};border-top:0;padding:40px 40px 32px 40px;font-family:${SANS};font-size:16px;line-height:1.6;color:${INK_SOFT};">
${content}
</td></tr>
<tr><td style="padding:24px 8px 0 8px;font-family:${SANS};font-size:13px;line-height:1.6;color:${MUTED};">
${name}<br>
${escapeHtml(footer.address)}<br>
<a href="tel:${escapeHtml(footer.phone.replace(/[^\d+]/g, ""))}" style="color:${MUTED};">${escapeHtml(footer.phone)}</a>
&nbsp;&middot;&nbsp;
<a href="mailto:${escapeHtml(footer.email)}" style="color:${MUTED};">${escapeHtml(footer.email)}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export function headingHtml(text: string) {
  return `<h1 style="margin:0 0 24px 0;font-family:${SERIF};font-size:30px;line-height:1.2;font-weight:600;color:${INK};">${escapeHtml(text)}</h1>`;
}

export function paragraphHtml(text: string) {
  return `<p style="margin:0 0 16px 0;">${escapeHtml(text).replaceAll("\n", "<br>")}</p>`;
}

/** A small picture (a cleaner's photo); its alt text carries its meaning when images are off. */
export function imageHtml(url: string, alt: string) {
  return `<p style="margin:0 0 16px 0;"><img src="${escapeHtml(url)}" alt="${escapeHtml(alt)}" width="96" height="96" style="display:block;width:96px;height:96px;border-radius:48px;object-fit:cover;"></p>`;
}

/** A button that is a plain link, so it works where mail programs strip styles too. */
export function buttonHtml(label: string, url: string) {
  const href = escapeHtml(url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0;">
<tr><td style="background-color:${GOLD};border-radius:4px;">
<a href="${href}" style="display:inline-block;padding:14px 28px;font-family:${SANS};font-size:16px;font-weight:600;color:${INK};text-decoration:none;">${escapeHtml(label)}</a>
</td></tr>
</table>
<p style="margin:0 0 16px 0;font-size:13px;color:${MUTED};">If the button does not work, copy this address into your browser:<br><a href="${href}" style="color:${INK};word-break:break-all;">${href}</a></p>`;
}
