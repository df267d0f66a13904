// The post-construction request's words (docs/product/public-site.md#post-construction-flow, docs/product/public-site.md#entities-and-fields, docs/product/public-site.md#validation-rules and docs/product/public-site.md#messages). The option values are
// the spec's (docs/product/public-site.md#entities-and-fields) where it names them; the lists the spec leaves open (services, floor
// types, priorities) are ours, written for the jobs a builder hands over.

/** The flow's three pages (docs/product/public-site.md#post-construction-flow) */
export const POST_CONSTRUCTION_PATHS = {
  form: "/post-construction-form",
  contact: "/post-construction-contact",
  thankYou: "/post-construction-thank-you",
} as const;

/** The contact step's hidden field carrying the property form, as JSON */
export const PROPERTY_FIELD = "property";

export const PROPERTY_TYPES = [
  "house",
  "apartment",
  "office",
  "retail",
  "warehouse",
  "industrial",
] as const;
export const PROPERTY_SIZES = ["small", "medium", "large"] as const;
export const FLOOR_COUNTS = ["1", "2", "3+"] as const;
export const CLEAN_TYPES = ["initial", "final", "both"] as const;
export const REQUEST_TYPES = ["individual", "company"] as const;

export const SERVICES = [
  "dust-removal",
  "windows",
  "paint-and-plaster",
  "sticker-residue",
  "floors",
  "cabinetry",
  "fixtures",
  "bathrooms-kitchen",
  "outdoor",
  "rubbish",
] as const;

export const FLOOR_TYPES = [
  "timber",
  "tiles",
  "carpet",
  "concrete",
  "vinyl",
  "stone",
  "laminate",
  "epoxy",
] as const;

export const PRIORITIES = [
  "handover-date",
  "dust-free",
  "surface-care",
  "eco-products",
  "after-hours",
  "inspection-ready",
] as const;

export type PropertyType = (typeof PROPERTY_TYPES)[number];
export type PropertySize = (typeof PROPERTY_SIZES)[number];
export type FloorCount = (typeof FLOOR_COUNTS)[number];
export type CleanType = (typeof CLEAN_TYPES)[number];
export type RequestType = (typeof REQUEST_TYPES)[number];
export type Service = (typeof SERVICES)[number];
export type FloorType = (typeof FLOOR_TYPES)[number];
export type Priority = (typeof PRIORITIES)[number];

export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  house: "House",
  apartment: "Apartment",
  office: "Office",
  retail: "Retail",
  warehouse: "Warehouse",
  industrial: "Industrial",
};

/** docs/product/public-site.md#entities-and-fields: small up to 50 m², medium 50-200 m², large 200 m² and above */
export const PROPERTY_SIZE_LABELS: Record<PropertySize, { label: string; hint: string }> = {
  small: { label: "Small", hint: "Up to 50 m²" },
  medium: { label: "Medium", hint: "50-200 m²" },
  large: { label: "Large", hint: "200 m² and above" },
};

export const CLEAN_TYPE_LABELS: Record<CleanType, { label: string; hint: string }> = {
  initial: {
    label: "Initial clean",
    hint: "Rough clean while trades finish: rubbish, dust, debris",
  },
  final: { label: "Final clean", hint: "Detailed clean before handover or moving in" },
  both: { label: "Both", hint: "An initial clean now and a final clean at handover" },
};

export const REQUEST_TYPE_LABELS: Record<RequestType, string> = {
  individual: "An individual",
  company: "A company",
};

export const SERVICE_LABELS: Record<Service, string> = {
  "dust-removal": "Fine dust removal from walls, ceilings and surfaces",
  windows: "Windows, frames and tracks, inside and out",
  "paint-and-plaster": "Paint, plaster and grout spots",
  "sticker-residue": "Stickers, labels and protective film",
  floors: "Floors scrubbed, vacuumed and mopped",
  cabinetry: "Inside cupboards, drawers and wardrobes",
  fixtures: "Light fittings, switches, vents and fixtures",
  "bathrooms-kitchen": "Bathrooms and kitchen detailed, appliances included",
  outdoor: "Balconies, decks and paths",
  rubbish: "Builders' rubbish removed",
};

export const FLOOR_TYPE_LABELS: Record<FloorType, string> = {
  timber: "Timber",
  tiles: "Tiles",
  carpet: "Carpet",
  concrete: "Polished concrete",
  vinyl: "Vinyl",
  stone: "Natural stone",
  laminate: "Laminate",
  epoxy: "Epoxy",
};

export const PRIORITY_LABELS: Record<Priority, string> = {
  "handover-date": "Finished by a handover date",
  "dust-free": "A dust-free finish (allergies, new occupants)",
  "surface-care": "Care with new surfaces and finishes",
  "eco-products": "Eco-friendly products",
  "after-hours": "Work outside business hours",
  "inspection-ready": "Ready for an inspection, sale or photos",
};

export const POST_CONSTRUCTION_TEXT = {
  contactTitle: "Your contact details",
  // docs/product/public-site.md#post-construction-flow: the form's button
  continue: "Continue to Contact Info",
  back: "Back to the property",
  submit: "Request my quote",
  submitting: "Submitting...",
  // docs/product/public-site.md#messages, word for word
  failed: "Failed to submit form. Please try again.",
  checkFields: "Please check the highlighted fields:",
  formMissing:
    "Please tell us about the property first. Your details for this step come straight after.",
  formInvalid:
    "Some details of the property are missing or no longer valid. Please check the property form and continue again.",
  photoUnavailable:
    "One of your photos is no longer available. Please remove it on the property form, add it again and continue.",
  photosHint: "Optional. A view of each main area helps us quote accurately.",
} as const;

/** docs/conventions.md#forms-without-javascript: the notice both pages show in place of the request without JavaScript */
export const POST_CONSTRUCTION_NO_SCRIPT = {
  message: "Our online post-construction request needs JavaScript in your browser.",
  missing: "the form",
  byPhone: "take your details over the phone",
  closing: "We send every post-construction quote within 24 hours.",
} as const;

/** docs/product/public-site.md#post-construction-flow: the thank-you page promises a quote within 24 hours. */
export const THANK_YOU_TEXT = {
  title: "Thank you for your request",
  promise: "Our team will review your project and send you a quote within 24 hours.",
  referenceLabel: "Your reference",
} as const;
