import type {
  PostConstructionContactInput,
  PostConstructionFormInput,
} from "./post-construction.schema";

// One complete post-construction request, for the tests of the schema, the service and the action.

export const propertyForm = {
  propertyType: "house",
  propertySize: "medium",
  floors: "2",
  rooms: 5,
  bathrooms: 2,
  hasKitchen: true,
  cleanType: "both",
  services: ["dust-removal", "windows"],
  floorTypes: ["timber", "tiles"],
  needsScaffolding: true,
  additionalDetails: "Double-height void over the stairs; new oak floors.",
  clientPriorities: ["handover-date"],
  photos: [],
  additionalNotes: "Builders finish on Friday.",
} satisfies PostConstructionFormInput;

export const companyContact = {
  fullName: "Liam Nguyen",
  requestType: "company",
  companyName: "Nguyen Building Group",
  abn: "51 824 753 556",
  phone: "0412 345 678",
  email: "liam@nguyenbuilding.example",
  address: "12 Harbour Street, Mosman NSW 2088",
  additionalNotes: "Site access from the lane.",
} satisfies PostConstructionContactInput;
