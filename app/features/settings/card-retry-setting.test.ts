import { describe, expect, test } from "vitest";
import { CardRetryFormSchema } from "./card-retry-setting";

// The retry schedule of declined saved cards as staff type it on the settings screen.

const parse = (retryHours: string) => CardRetryFormSchema.safeParse({ retryHours });

describe("the card retry schedule field", () => {
  test("takes whole hours separated by commas, spaces allowed", () => {
    expect(parse("24,72").data).toEqual({ retryHours: [24, 72] });
    expect(parse(" 12 , 48, 96 ").data).toEqual({ retryHours: [12, 48, 96] });
  });

  test.each(["", "0", "24,,72", "24;72", "1.5", "400", "1,2,3,4,5,6", "-24"])(
    "refuses %j with one message beside the field",
    (value) => {
      const result = parse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^Enter up to 5 whole numbers of hours/);
    },
  );
});
