import { describe, expect, test } from "vitest";
import { companyContact, propertyForm } from "./post-construction-fixtures";
import {
  POST_CONSTRUCTION_MESSAGES as M,
  PostConstructionContactSchema,
  PostConstructionFormSchema,
  contactErrors,
  formErrors,
  referenceFromUrl,
} from "./post-construction.schema";

describe("the post-construction property form", () => {
  test("an empty form names the property type, size, floors, kitchen and clean type", () => {
    expect(formErrors({})).toEqual({
      propertyType: M.propertyTypeRequired,
      propertySize: M.propertySizeRequired,
      floors: M.floorsRequired,
      hasKitchen: M.kitchenRequired,
      cleanType: M.cleanTypeRequired,
    });
  });

  test("rooms and bathrooms left out count as none; the optional lists start empty", () => {
    const { rooms: _rooms, bathrooms: _bathrooms, services: _services, ...rest } = propertyForm;
    const { photos: _photos, ...withoutPhotos } = rest;
    const parsed = PostConstructionFormSchema.parse(withoutPhotos);
    expect(parsed).toMatchObject({ rooms: 0, bathrooms: 0, services: [], photos: [] });
  });

  test("rooms and bathrooms below 0, or not whole, are refused", () => {
    expect(formErrors({ ...propertyForm, rooms: -1, bathrooms: 1.5 })).toEqual({
      rooms: M.notNegative,
      bathrooms: M.wholeNumber,
    });
    expect(formErrors({ ...propertyForm, rooms: 0, bathrooms: 0 })).toEqual({});
  });

  test("the spec's property types, sizes, floors and clean types are accepted, others not", () => {
    for (const floors of ["1", "2", "3+"]) {
      expect(formErrors({ ...propertyForm, floors })).toEqual({});
    }
    expect(formErrors({ ...propertyForm, floors: "4", propertyType: "castle" })).toEqual({
      propertyType: M.propertyTypeRequired,
      floors: M.floorsRequired,
    });
    expect(formErrors({ ...propertyForm, services: ["windows", "moon-polish"] })).toEqual({
      services: M.optionInvalid,
    });
  });

  test("more than four photos gives the spec's alert text", () => {
    const photos = ["a", "b", "c", "d", "e"];
    expect(formErrors({ ...propertyForm, photos })).toEqual({ photos: "Maximum 4 images allowed" });
  });
});

describe("the post-construction contact step", () => {
  test("full name, phone, email and address are required (docs/product/public-site.md#validation-rules)", () => {
    expect(
      contactErrors({
        fullName: " ",
        requestType: "individual",
        phone: "",
        email: "",
        address: "",
      }),
    ).toEqual({
      fullName: M.fullNameRequired,
      phone: M.phoneRequired,
      email: M.emailRequired,
      address: M.addressRequired,
    });
  });

  test("a mistyped email and a phone number too short to call are named", () => {
    expect(contactErrors({ ...companyContact, email: "liam@", phone: "123" })).toEqual({
      email: M.emailInvalid,
      phone: M.phoneInvalid,
    });
  });

  test("a company's ABN, when given, must be 11 digits; spaces are allowed", () => {
    expect(contactErrors({ ...companyContact, abn: "1234" })).toEqual({ abn: M.abnInvalid });
    expect(contactErrors({ ...companyContact, abn: "5182475355A" })).toEqual({
      abn: M.abnInvalid,
    });
    const parsed = PostConstructionContactSchema.parse(companyContact);
    expect(parsed.abn).toBe("51824753556");
  });

  test("a company may leave its name and ABN empty", () => {
    const parsed = PostConstructionContactSchema.parse({
      ...companyContact,
      companyName: "",
      abn: " ",
    });
    expect(parsed).toMatchObject({ requestType: "company", companyName: null, abn: null });
  });

  test("company name and ABN are only read for companies: an individual's are dropped", () => {
    const parsed = PostConstructionContactSchema.parse({
      ...companyContact,
      requestType: "individual",
      abn: "not an abn",
    });
    expect(parsed).toMatchObject({ requestType: "individual", companyName: null, abn: null });
  });

  test("an ABN problem is named together with the other missing fields", () => {
    expect(contactErrors({ ...companyContact, fullName: "", abn: "12" })).toEqual({
      fullName: M.fullNameRequired,
      abn: M.abnInvalid,
    });
  });

  test("without a requester type the step asks for one", () => {
    expect(contactErrors({ ...companyContact, requestType: undefined })).toEqual({
      requestType: M.requestTypeRequired,
    });
  });
});

describe("the thank-you page's reference", () => {
  test("only a reference's shape is shown; anything else in the address is ignored", () => {
    const page = "https://harbourandgold.test/post-construction-thank-you";
    expect(referenceFromUrl(`${page}?ref=HG-ABCDEFGHJK`)).toBe("HG-ABCDEFGHJK");
    expect(referenceFromUrl(`${page}?ref=Liam%20Nguyen`)).toBeNull();
    expect(referenceFromUrl(`${page}?ref=HG-ABCDEFGHJK%3Cscript%3E`)).toBeNull();
    expect(referenceFromUrl(page)).toBeNull();
  });
});
