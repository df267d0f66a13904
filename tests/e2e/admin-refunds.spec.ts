import path from "node:path";
import { insertBookedQuotes } from "../helpers/booked-quotes-sqlite";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { openServerDatabase, serverDataDir } from "./server-database";

// Partial refunds (docs/decisions/0043-payouts-and-refunds.md): an owner refunds part of a
// booking's payment with a reason from the Transactions view; more than is left is refused next
// to the amount, and the booking then reads "Partly refunded".

test("an owner refunds part of a payment with a reason, and the booking shows it", async ({
  page,
  signInAs,
  browserProblems,
}) => {
  test.slow(); // a payment, two refused refunds, one accepted, and an axe pass
  browserProblems.allow(/\/admin\/finance/); // the refused refunds' 422
  const [booked] = insertBookedQuotes(path.join(serverDataDir(), "app.db"));
  const { quoteId, reference } = booked!;
  await signInAs("owner");
  await page.goto(`/admin/quotes/${quoteId}`);
  const booking = page.getByRole("region", { name: "Booking" });
  await booking.getByRole("button", { name: "Mark paid" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Mark paid" }).click();
  await expect(booking.getByText("Booking marked paid.")).toBeVisible();

  await page.goto("/admin/finance?view=transactions&type=payment");
  await page.getByRole("button", { name: `Refund ${reference}` }).click();
  const dialog = page.getByRole("dialog", { name: `Refund ${reference}?` });
  await expect(dialog).toContainText("Up to $450.00 can go back");
  const amount = dialog.getByLabel("Amount (AUD)");
  await expect(amount).toHaveValue("450.00");
  await amount.fill("500");
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(amount).toHaveAccessibleDescription(
    "You can refund at most $450.00: what was paid less what was already refunded.",
  );
  await amount.fill("50.00");
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(dialog.getByLabel("Reason")).toHaveAccessibleDescription(
    /Give the reason for a partial refund/,
  );
  await expectNoAxeViolations(page);
  await dialog.getByLabel("Reason").fill("One room was not cleaned");
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(page.getByText("Refunded $50.00", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(`/admin/quotes/${quoteId}`);
  await expect(page.getByRole("region", { name: "Booking" })).toContainText(
    "Partly refunded $50.00",
  );
  const db = openServerDatabase();
  try {
    const ledger = db
      .prepare(
        "select type, amount_cents from transactions where reference_id = ? order by created_at",
      )
      .all(reference);
    expect(ledger).toEqual([
      { type: "payment", amount_cents: 45_000 },
      { type: "refund", amount_cents: 5_000 },
    ]);
  } finally {
    db.close();
  }
});
