import type {
  CleaningLevel,
  DirtLevel,
  HousekeepingLevel,
  QuoteRequestInput,
  ServiceType,
  SpaceType,
  TimePreference,
} from "../quote.schema";
import type { QuoteStepNumber } from "../quote-step-fields";
import type { UploadedPhoto } from "~/components/site/forms/photo-picker";
import { removeSessionValue } from "~/components/site/use-session-state";

// The quote wizard's state in the browser (docs/product/public-site.md#quote-wizard and docs/product/public-site.md#entities-and-fields): what the six steps collect,
// kept in sessionStorage so a refresh keeps the step and every answer, uploaded photos included.

/** 0 is the service choice on /services/1; 1 to 6 are the wizard's steps. */
export type WizardStep = 0 | QuoteStepNumber;

export type WizardState = {
  step: WizardStep;
  serviceType?: ServiceType;
  spaceDetails: {
    type?: SpaceType;
    bedrooms: number;
    bathrooms: number;
    floors: number;
    businessName: string;
    squareFootage?: number;
    address: string;
  };
  cleaningLevel?: CleaningLevel;
  preferences: {
    timePreference?: TimePreference;
    providesEquipment: boolean;
    ecoFriendly: boolean;
    isEndOfLease: boolean;
    houseKeepingLevel: HousekeepingLevel;
    securityAccess: boolean;
    afterHoursService: boolean;
    regularSchedule: boolean;
  };
  conditions: {
    dirtLevel: DirtLevel;
    hasHighAreas: boolean;
    hasParking: boolean;
    urgentService: boolean;
  };
  photos: UploadedPhoto[];
  photosWaived: boolean;
  leadInfo: { name: string; email: string; phone: string };
  preferredCleanerId?: string;
  /** The preferred cleaner's public name ("Sofia M."), shown while the wizard runs */
  preferredCleanerName?: string;
};

/** A Book Now from a cleaner's profile (docs/decisions/0020-provider-book-now.md): who, by id and public name. */
export type PreferredCleaner = { id: string; name: string };

export type SetWizard = (update: (state: WizardState) => WizardState) => void;

/** /services/2 starts with commercial chosen, at step 1; /services/1 with the choice. */
export function initialWizardState(
  serviceType?: ServiceType,
  cleaner?: PreferredCleaner,
): WizardState {
  return {
    step: serviceType ? 1 : 0,
    serviceType,
    spaceDetails: { bedrooms: 0, bathrooms: 0, floors: 1, businessName: "", address: "" },
    preferences: {
      providesEquipment: false,
      ecoFriendly: false,
      isEndOfLease: false,
      houseKeepingLevel: "none",
      securityAccess: false,
      afterHoursService: false,
      regularSchedule: false,
    },
    conditions: {
      dirtLevel: "normal",
      hasHighAreas: false,
      hasParking: false,
      urgentService: false,
    },
    photos: [],
    photosWaived: false,
    leadInfo: { name: "", email: "", phone: "" },
    preferredCleanerId: cleaner?.id,
    preferredCleanerName: cleaner?.name,
  };
}

/** What the steps' schemas and the server read: the wizard payload (docs/product/public-site.md#entities-and-fields). */
export function toPayload(state: WizardState): QuoteRequestInput {
  const commercial = state.serviceType === "commercial";
  const { spaceDetails: space, preferences } = state;
  return {
    serviceType: state.serviceType as ServiceType,
    spaceDetails: {
      type: space.type as SpaceType,
      floors: space.floors,
      address: space.address.trim() || undefined,
      ...(commercial
        ? { businessName: space.businessName, squareFootage: space.squareFootage }
        : { bedrooms: space.bedrooms, bathrooms: space.bathrooms }),
    },
    cleaningLevel: state.cleaningLevel as CleaningLevel,
    preferences: {
      ...preferences,
      timePreference: preferences.timePreference as TimePreference,
      // Options kept from the other service type are not sent (quote.schema.ts PREFERENCE_SERVICE_TYPES)
      ...(commercial
        ? { isEndOfLease: false, houseKeepingLevel: "none" as const }
        : { securityAccess: false, afterHoursService: false, regularSchedule: false }),
    },
    conditions: state.conditions,
    images: state.photos.map((photo) => photo.id),
    photosWaived: state.photos.length > 0 ? false : state.photosWaived,
    leadInfo: state.leadInfo,
    ...(state.preferredCleanerId ? { preferredCleanerId: state.preferredCleanerId } : {}),
  };
}

// docs/decisions/0050-wizard-history-and-suburbs.md: each step has a history entry (?step=3), so
// the browser's Back and Forward move between steps. The service choice (0) has no parameter.
const STEP_PARAM = "step";

/** The step a URL's query names: 1 to 6, or 0 (the service choice) for anything else. */
export function stepInSearch(search: string): WizardStep {
  const named = Number(new URLSearchParams(search).get(STEP_PARAM));
  return Number.isInteger(named) && named >= 1 && named <= 6 ? (named as QuoteStepNumber) : 0;
}

/** The query with `step` set to this step (or removed for the service choice), others kept. */
export function searchWithStep(search: string, step: WizardStep) {
  const params = new URLSearchParams(search);
  if (step === 0) params.delete(STEP_PARAM);
  else params.set(STEP_PARAM, String(step));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/**
 * The step to show for a URL's step once a visit is restored: a step from 1 to 6 only when a
 * service is chosen; the service choice only when the wizard has one (/services/1).
 */
export function reachableStep(step: WizardStep, state: WizardState, initial: WizardState) {
  if (step === 0) return initial.step === 0 ? 0 : 1;
  return state.serviceType ? step : initial.step;
}

const STORAGE_PREFIX = "hg:quote-wizard:";

/** Where the wizard behind `key` (the service id) keeps its state in sessionStorage. */
export function wizardStorageKey(key: string) {
  return STORAGE_PREFIX + key;
}

export function clearWizard(key: string) {
  removeSessionValue(wizardStorageKey(key));
}
