import { describe, expect, test } from "vitest";
import { bookingAddressLine } from "./booking-address";

describe("a booking's address on one line", () => {
  test("a street stored with its suburb and postcode shows them once", () => {
    expect(
      bookingAddressLine({
        address: "58 The Esplanade, Roseville NSW 2069",
        suburb: "Roseville",
        postcode: "2069",
      }),
    ).toBe("58 The Esplanade, Roseville NSW 2069");
  });

  test("a bare street gets its suburb and postcode", () => {
    expect(
      bookingAddressLine({ address: "1 Military Road", suburb: "Mosman", postcode: "2088" }),
    ).toBe("1 Military Road, Mosman 2088");
  });

  test("only the missing part is added, and nothing for parts not known", () => {
    expect(
      bookingAddressLine({ address: "3 King St, Newtown", suburb: "Newtown", postcode: "2042" }),
    ).toBe("3 King St, Newtown, 2042");
    expect(bookingAddressLine({ address: "3 King St", suburb: null, postcode: null })).toBe(
      "3 King St",
    );
  });
});
