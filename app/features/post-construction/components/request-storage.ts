import type { UploadedPhoto } from "~/components/site/forms/photo-picker";
import type {
  CleanType,
  FloorCount,
  FloorType,
  Priority,
  PropertySize,
  PropertyType,
  RequestType,
  Service,
} from "../post-construction-copy";
import {
  readSessionValue,
  removeSessionValue,
  useSessionState,
  writeSessionValue,
} from "~/components/site/use-session-state";
import type { ContactField, PostConstructionFormInput } from "../post-construction.schema";

// The request's two parts as the browser keeps them between the form and the contact step
// (docs/product/public-site.md#post-construction-flow: the form's data travels to the contact step). Kept in sessionStorage and
// saved on every change, so a refresh or Back loses nothing, uploaded photos included; both parts
// are posted together on the final submit and the server parses them again.

export type PropertyFormState = {
  propertyType?: PropertyType;
  propertySize?: PropertySize;
  floors?: FloorCount;
  rooms: number;
  bathrooms: number;
  hasKitchen?: boolean;
  cleanType?: CleanType;
  services: Service[];
  floorTypes: FloorType[];
  needsScaffolding: boolean;
  additionalDetails: string;
  clientPriorities: Priority[];
  photos: UploadedPhoto[];
  additionalNotes: string;
};

export type ContactState = Record<Exclude<ContactField, "requestType">, string> & {
  requestType: RequestType;
};

const EMPTY_PROPERTY_FORM: PropertyFormState = {
  rooms: 0,
  bathrooms: 0,
  services: [],
  floorTypes: [],
  needsScaffolding: false,
  additionalDetails: "",
  clientPriorities: [],
  photos: [],
  additionalNotes: "",
};

const EMPTY_CONTACT: ContactState = {
  fullName: "",
  requestType: "individual",
  companyName: "",
  abn: "",
  phone: "",
  email: "",
  address: "",
  additionalNotes: "",
};

/** What the schema and the server read: the photos as their upload ids. */
export function toFormPayload(state: PropertyFormState): PostConstructionFormInput {
  return {
    ...state,
    photos: state.photos.map((photo) => photo.id),
  } as PostConstructionFormInput;
}

const KEYS = {
  form: "hg:post-construction:form",
  contact: "hg:post-construction:contact",
} as const;

/** The property form as last saved, or null when this tab has none. */
export function loadPropertyForm(): PropertyFormState | null {
  const kept = readSessionValue<PropertyFormState>(KEYS.form);
  return kept ? { ...EMPTY_PROPERTY_FORM, ...kept } : null;
}

/** Forgets both parts: the request is stored, so the next one starts afresh. */
export function clearRequest() {
  removeSessionValue(KEYS.form);
  removeSessionValue(KEYS.contact);
}

/** The property form, kept in sessionStorage; empty on the server and until hydrated. */
export function usePropertyForm() {
  return useSessionState(KEYS.form, EMPTY_PROPERTY_FORM);
}

/**
 * The contact step as last saved (empty when this tab has none). The step renders only once
 * hydrated, so it reads storage straight away and hands the values to its form as defaults.
 */
export function loadContactDetails(): ContactState {
  const kept = readSessionValue<ContactState>(KEYS.contact) ?? {};
  const values = Object.fromEntries(
    Object.entries(kept).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const requestType = kept.requestType === "company" ? "company" : "individual";
  return { ...EMPTY_CONTACT, ...values, requestType };
}

/** Saves what the contact step's fields hold now, over what was kept (hidden fields keep theirs). */
export function saveContactDetails(values: Partial<Record<string, unknown>>) {
  const typed = Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string] =>
        Object.hasOwn(EMPTY_CONTACT, entry[0]) && typeof entry[1] === "string",
    ),
  );
  writeSessionValue(KEYS.contact, { ...loadContactDetails(), ...typed });
}
