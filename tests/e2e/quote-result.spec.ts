import { expect, expectNoAxeViolations, test } from "./fixtures";

// The quote result journey (docs/product/public-site.md#quote-result, docs/decisions/0005-durable-references.md): a quote made through the API opens at its
// durable reference with its hours, cleaners, total and explanation, and offers the booking.

const quote = {
  serviceType: "residential",
  spaceDetails: { type: "house", bedrooms: 3, bathrooms: 2, floors: 2, address: "Mosman NSW 2088" },
  cleaningLevel: "premium",
  preferences: { timePreference: "afternoon" },
  conditions: { dirtLevel: "heavy" },
  photosWaived: true,
  leadInfo: { name: "Noah Williams", email: "noah@example.com", phone: "0412 000 111" },
};

test("a new quote opens at its reference with hours, cleaners, total and the explanation", async ({
  page,
  request,
}) => {
  const created = await request.post("/api/v1/quotes", { data: quote });
  expect(created.status()).toBe(201);
  const body = (await created.json()) as {
    reference: string;
    resultUrl: string;
    hours: number;
    cleaners: number;
    totalCents: number;
    explanation: string;
  };

  await page.goto(body.resultUrl);
  await expect(page).toHaveURL(new RegExp(`/quote-result\\?ref=${body.reference}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your quote is ready");
  await expect(page.getByTestId("quote-hours")).toHaveText(`${body.hours} hours`);
  await expect(page.getByTestId("quote-cleaners")).toHaveText(
    `${body.cleaners} ${body.cleaners === 1 ? "cleaner" : "cleaners"}`,
  );
  const total = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" }).format(
    body.totalCents / 100,
  );
  await expect(page.getByTestId("quote-total")).toHaveText(total);
  await expect(page.getByTestId("quote-explanation")).toHaveText(body.explanation);
  await expect(page.getByTestId("quote-reference")).toHaveText(body.reference);
  await expect(page.getByRole("link", { name: "Book this clean" })).toHaveAttribute(
    "href",
    `/booking?ref=${body.reference}`,
  );
  await expect(page.getByText("100% satisfaction guarantee")).toBeVisible();
  await expect(page.getByText("Free cancellation", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // docs/decisions/0005-durable-references.md: a refresh keeps the quote
  await page.reload();
  await expect(page.getByTestId("quote-total")).toHaveText(total);
});

test("an unknown or missing reference goes to the home page", async ({ page }) => {
  await page.goto("/quote-result?ref=HG-ZZZZZZZZZZ");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/quote-result");
  await expect(page).toHaveURL(/\/$/);
});
