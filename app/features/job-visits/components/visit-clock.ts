import { formatTimeSlot } from "~/lib/format";
import { sydneyClock } from "~/lib/sydney-time";

/** "9:42 AM" in Sydney, for a stored instant. */
export function visitClock(iso: string) {
  return formatTimeSlot(sydneyClock(new Date(iso)));
}
