// A strict reader of iCalendar text (RFC 5545) for tests: it refuses what calendar apps refuse
// (lines not ended by CRLF, lines over 75 octets, unbalanced BEGIN/END, a calendar without
// VERSION 2.0 or PRODID, an event without UID, DTSTAMP or DTSTART, or a malformed date-time)
// and answers each event's properties by name, TEXT escapes undone.

export type CalendarEvent = Record<string, string>;

const DATE_TIME = /^\d{8}T\d{6}Z?$/;

function fail(message: string): never {
  throw new Error(`Invalid iCalendar: ${message}`);
}

export function parseICalendar(text: string): { events: CalendarEvent[] } {
  if (!text.endsWith("\r\n")) fail("the last line does not end with CRLF");
  const physical = text.slice(0, -2).split("\r\n");
  for (const line of physical) {
    if (line.includes("\n") || line.includes("\r")) fail("a bare LF or CR inside a line");
    if (Buffer.byteLength(line, "utf8") > 75) fail(`a line longer than 75 octets: ${line}`);
  }
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (lines.length === 0) fail("a continuation line first");
      lines[lines.length - 1] += line.slice(1);
    } else lines.push(line);
  }
  const stack: string[] = [];
  const calendar: Record<string, string> = {};
  const events: CalendarEvent[] = [];
  let event: CalendarEvent | null = null;
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) fail(`no name and value: ${line}`);
    const name = line.slice(0, colon).split(";")[0]!.toUpperCase();
    // TEXT values escape commas, semicolons, backslashes and newlines.
    const value = line
      .slice(colon + 1)
      .replace(/\\([,;\\nN])/g, (_, char: string) => (char.toLowerCase() === "n" ? "\n" : char));
    if (!/^[A-Z0-9-]+$/.test(name)) fail(`a malformed name: ${name}`);
    if (name === "BEGIN") {
      if (stack.length === 0 && value !== "VCALENDAR") fail("the text does not start a VCALENDAR");
      stack.push(value);
      if (value === "VEVENT") event = {};
      continue;
    }
    if (name === "END") {
      if (stack.pop() !== value) fail(`END:${value} does not close what was opened`);
      if (value === "VEVENT") {
        for (const required of ["UID", "DTSTAMP", "DTSTART"]) {
          if (!event?.[required]) fail(`an event without ${required}`);
        }
        for (const when of ["DTSTAMP", "DTSTART", "DTEND"]) {
          if (event![when] && !DATE_TIME.test(event![when]!)) fail(`${when} is not a date-time`);
        }
        events.push(event!);
        event = null;
      }
      continue;
    }
    if (stack.length === 0) fail(`a property outside the calendar: ${line}`);
    if (event && stack.at(-1) === "VEVENT") {
      if (name in event && name !== "ATTENDEE") fail(`an event with two ${name}`);
      event[name] = value;
    } else if (stack.length === 1) calendar[name] = value;
  }
  if (stack.length > 0) fail(`${stack.join(", ")} not closed`);
  if (calendar.VERSION !== "2.0") fail("VERSION is not 2.0");
  if (!calendar.PRODID) fail("no PRODID");
  return { events };
}
