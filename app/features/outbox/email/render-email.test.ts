import { describe, expect, test } from "vitest";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile";
import { renderEmail } from "./render-email";

const footer = DEFAULT_BUSINESS_PROFILE;

describe("renderEmail", () => {
  test("HTML and text carry the same heading, paragraphs, link and business footer", () => {
    const { html, text } = renderEmail(
      {
        heading: "Your sign-in link",
        paragraphs: ["Use the button below to sign in.", "The link works for 15 minutes."],
        action: { label: "Sign in", url: "https://example.com/account/magic/abc" },
      },
      footer,
    );
    for (const part of [html, text]) {
      expect(part).toContain("Your sign-in link");
      expect(part).toContain("The link works for 15 minutes.");
      expect(part).toContain("https://example.com/account/magic/abc");
      expect(part).toContain(footer.phone);
      expect(part).toContain(footer.address);
    }
    expect(text).toContain("Sign in: https://example.com/account/magic/abc");
    expect(html).toContain('lang="en-AU"');
  });

  test("a picture shows with its alt text, escaped; only an http(s) one is taken", () => {
    const { html } = renderEmail(
      {
        heading: "Meet Mei, your cleaner",
        paragraphs: ["Mei will clean for you."],
        image: { url: "https://example.com/api/uploads/1?a=1&b=2", alt: 'Mei\'s "photo"' },
      },
      footer,
    );
    expect(html).toContain('src="https://example.com/api/uploads/1?a=1&amp;b=2"');
    expect(html).toContain('alt="Mei&#39;s &quot;photo&quot;"');
    expect(() =>
      renderEmail(
        { heading: "x", paragraphs: [], image: { url: "javascript:alert(1)", alt: "x" } },
        footer,
      ),
    ).toThrow(/http\(s\) URL/);
  });

  test("what a customer typed is escaped, never markup", () => {
    const { html } = renderEmail(
      { heading: "Hello <b>Ava</b>", paragraphs: ['"Fish" & <script>alert(1)</script>'] },
      footer,
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("Hello &lt;b&gt;Ava&lt;/b&gt;");
    expect(html).toContain("&quot;Fish&quot; &amp;");
  });

  test("in the brand's colours, with no remote images or fonts", () => {
    const { html } = renderEmail({ heading: "Booked", paragraphs: ["See you Tuesday."] }, footer);
    expect(html).toContain("#101828");
    expect(html).toContain("#faf7f2");
    expect(html).toContain("#c9a96e");
    expect(html).toMatch(/Georgia, 'Times New Roman', serif/);
    expect(html).not.toMatch(/<img|<link|@import|url\(/i);
  });

  test("an action must be a web address", () => {
    expect(() =>
      renderEmail(
        { heading: "x", paragraphs: [], action: { label: "Go", url: "javascript:alert(1)" } },
        footer,
      ),
    ).toThrow("http(s)");
  });
});
