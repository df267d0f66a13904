import { OUTSIDE_AREA_NOTE, photosLine } from "./quote-result-copy";
import { CLEANING_LEVEL_COPY, SERVICE_TYPE_LABELS, spaceTypeLabel } from "./quote-copy";
import {
  CLEANING_LEVELS,
  SERVICE_TYPES,
  SPACE_TYPES,
  type CleaningLevel,
  type ServiceType,
  type SpaceType,
} from "./quote-options";

// What was quoted, restated on the quote result and in the customer's email: the
// service and level, the rooms or floor area, the address and how many photos came with it.
// Read from the stored quote (service_type, cleaning_level, space_details), so it shows what the
// price was computed from, not what a browser remembers.

export type QuoteSummary = {
  service: string;
  level: string | null;
  space: string | null;
  /** "2 bedrooms, 1 bathroom" or "150 m² floor area" */
  size: string | null;
  address: string | null;
  photos: number;
  /** The address is outside the service area: "we will confirm" */
  outsideArea: boolean;
};

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const count = (n: unknown, one: string, many: string) =>
  typeof n === "number" && n > 0 ? `${n} ${n === 1 ? one : many}` : null;

function parseJson(text: string | null) {
  if (!text) return {};
  try {
    return record(JSON.parse(text));
  } catch {
    return {};
  }
}

export function summariseQuote(quote: {
  serviceType: string;
  cleaningLevel: string | null;
  spaceDetails: string | null;
}): QuoteSummary {
  const space = parseJson(quote.spaceDetails);
  const service = (SERVICE_TYPES as readonly string[]).includes(quote.serviceType)
    ? SERVICE_TYPE_LABELS[quote.serviceType as ServiceType]
    : quote.serviceType;
  const level =
    quote.cleaningLevel && (CLEANING_LEVELS as readonly string[]).includes(quote.cleaningLevel)
      ? CLEANING_LEVEL_COPY[quote.cleaningLevel as CleaningLevel].name
      : null;
  const type =
    typeof space.type === "string" && (SPACE_TYPES as readonly string[]).includes(space.type)
      ? spaceTypeLabel(space.type as SpaceType)
      : null;
  const size =
    typeof space.squareFootage === "number"
      ? `${space.squareFootage} m² floor area`
      : [
          count(space.bedrooms, "bedroom", "bedrooms"),
          count(space.bathrooms, "bathroom", "bathrooms"),
        ]
          .filter(Boolean)
          .join(", ") || null;
  const address =
    typeof space.address === "string" && space.address.trim() ? space.address.trim() : null;
  const photos = Array.isArray(space.images) ? space.images.length : 0;
  return {
    service,
    level,
    space: type,
    size,
    address,
    photos,
    outsideArea: space.outsideServiceArea === true,
  };
}

/** The summary as short lines, for the email. */
export function summaryLines(summary: QuoteSummary) {
  return [
    `Service: ${summary.service}${summary.level ? `, ${summary.level}` : ""}.`,
    summary.space || summary.size
      ? `Space: ${[summary.space, summary.size].filter(Boolean).join(", ")}.`
      : null,
    summary.address
      ? `Address: ${summary.address}${summary.outsideArea ? ` (${OUTSIDE_AREA_NOTE})` : ""}.`
      : null,
    `Photos: ${photosLine(summary.photos)}.`,
  ].filter((line): line is string => line !== null);
}
