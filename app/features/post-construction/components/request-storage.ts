import { useEffect, useState } from "react";
import { useHydrated } from "~/components/site/use-hydrated";
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
import type { ContactField, PostConstructionFormInput } from "../post-construction.schema";

// The request's two parts as the browser keeps them between the form and the contact step
// (spec public-site 2: the form's data travels to the contact step). Kept in sessionStorage and
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

export const EMPTY_PROPERTY_FORM: PropertyFormState = {
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

export const EMPTY_CONTACT: ContactState = {
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

type Part = keyof typeof KEYS;

function load<T extends object>(part: Part, empty: T): T | null {
  try {
    const raw = window.sessionStorage.getItem(KEYS[part]);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === "object" && parsed !== null ? { ...empty, ...parsed } : null;
  } catch {
    return null;
  }
}

function save(part: Part, value: object) {
  try {
    window.sessionStorage.setItem(KEYS[part], JSON.stringify(value));
  } catch {
    // Private browsing or a full quota: the form still works, it just forgets on refresh.
  }
}

/** The property form as last saved, or null when this tab has none. */
export function loadPropertyForm() {
  return load("form", EMPTY_PROPERTY_FORM);
}

/** Forgets both parts: the request is stored, so the next one starts afresh. */
export function clearRequest() {
  try {
    window.sessionStorage.removeItem(KEYS.form);
    window.sessionStorage.removeItem(KEYS.contact);
  } catch {
    // as above
  }
}

/**
 * One part's state, saved in sessionStorage on every change. The server and the hydrating render
 * start empty, as a first visit is; once hydrated, what was kept is restored (adjusting state
 * while rendering, not in an effect), and nothing is saved before, or it would be overwritten.
 */
function useStoredPart<T extends object>(part: Part, empty: T) {
  const [state, setState] = useState<T>(empty);
  const hydrated = useHydrated();
  const [restored, setRestored] = useState(false);
  if (hydrated && !restored) {
    setRestored(true);
    const kept = load(part, empty);
    if (kept) setState(kept);
  }
  useEffect(() => {
    if (restored) save(part, state);
  }, [restored, part, state]);
  return [state, setState] as const;
}

export function usePropertyForm() {
  return useStoredPart("form", EMPTY_PROPERTY_FORM);
}

export function useContactDetails() {
  return useStoredPart("contact", EMPTY_CONTACT);
}
