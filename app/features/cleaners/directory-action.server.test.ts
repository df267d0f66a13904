import { describe, expect, test } from "vitest";
import { createTestDatabase } from "../../../tests/helpers/test-database";
import { readDirectoryFilter } from "./cleaner-directory";
import { listCleaners } from "./cleaner-directory.service.server";
import { directoryAction } from "./directory-action.server";

// When the database cannot be reached, Add Cleaner answers the spec's "Failed to add cleaner"
// (docs/product/back-office.md#messages) rather than an error page, and says why in the log.

function addForm() {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    intent: "add",
    name: "Ivy Lost",
    email: "ivy@example.com",
    phone: "0412 345 678",
    location: "Glebe",
  })) {
    form.append(name, value);
  }
  return form;
}

describe("when the database is down", () => {
  test("Add Cleaner answers Failed to add cleaner, and the directory's read throws for the page to show", async () => {
    const database = await createTestDatabase("sqlite");
    await database.destroy();
    const logged: string[] = [];
    const logger = { error: (_: unknown, message: string) => logged.push(message) };
    const answer = (await directoryAction(addForm(), {
      db: database.db,
      config: { dataDir: "/nonexistent" } as never,
      logger: logger as never,
    })) as unknown as { data: unknown; init: { status: number } };
    expect(answer.init.status).toBe(503);
    expect(answer.data).toEqual({ intent: "add", formError: "Failed to add cleaner" });
    expect(logged).toEqual(["cleaner not added"]);
    await expect(
      listCleaners(database.db, readDirectoryFilter(new URLSearchParams())),
    ).rejects.toThrow();
  });
});
