import { describe, expect, test } from "vitest";
import { readFormData, readJson } from "./http.server";

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { init?: { status?: number }; data?: { error?: string } };
  }
  throw new Error("expected a rejection");
}

describe("reading request bodies", () => {
  test("a well-formed form is read", async () => {
    const request = new Request("http://x/", {
      method: "POST",
      body: new URLSearchParams({ a: "1" }),
    });
    expect((await readFormData(request)).get("a")).toBe("1");
  });

  test("a malformed multipart body is a 400 with a plain message", async () => {
    const request = new Request("http://x/", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=zzz" },
      body: "not multipart at all",
    });
    const error = await rejection(readFormData(request));
    expect(error.init?.status).toBe(400);
    expect(error.data?.error).toBe("The form could not be read. Please try again.");
  });

  test("broken JSON is a 400 and a wrong content type a 415", async () => {
    const broken = new Request("http://x/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{oops",
    });
    expect((await rejection(readJson(broken))).init?.status).toBe(400);
    const text = new Request("http://x/", { method: "POST", body: "{}" });
    expect((await rejection(readJson(text))).init?.status).toBe(415);
  });
});
