import { readFileSync } from "node:fs";
import { addDays, sydneyDate } from "~/lib/sydney-time";

// Mixed traffic at a steady rate for `npm run bench:soak` and `npm run bench:scaleout`: browsing
// (80%: public pages), quotes (15%: POST /api/v1/quotes) and bookings (5%: the booking form
// posted for a quote made earlier). Requests start on a fixed schedule whatever the answers take
// (an open loop, as visitors arrive), each from an address of its own in X-Forwarded-For, which
// a server with TRUST_PROXY=on counts its rate limits by.

const PAGES = ["/", "/services", "/about", "/contact", "/policies", "/work-with-us"];
const SLOTS = ["08:00", "09:00", "10:00", "11:00", "13:00", "14:00", "15:00", "16:00"];
/** Past the demo data; three bookings a slot, the default capacity, so none is ever full. */
const FIRST_FREE_DAY = 180;

export type Kind = "browse" | "quote" | "booking";
export type TrafficFigures = {
  seconds: number;
  requests: number;
  perSecond: number;
  errors: number;
  /** Answers that were not what the request should get, by kind and status. */
  errorsBy: Record<string, number>;
  latency: Record<Kind | "all", { p50: number; p95: number; p99: number; count: number }>;
};

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function quoteBody(n: number) {
  return JSON.stringify({
    serviceType: "residential",
    spaceDetails: { type: "house", bedrooms: 3, bathrooms: 2, address: "Mosman NSW 2088" },
    cleaningLevel: "deep",
    preferences: { timePreference: "morning" },
    conditions: { dirtLevel: "normal" },
    photosWaived: true,
    leadInfo: { name: `Load Customer ${n}`, email: `load${n}@example.com`, phone: "0412 345 678" },
  });
}

// Counted across runs in one process, so a second run books fresh slots and names fresh callers.
let addresses = 0;
let bookingSlot = 0;
let quoteNumber = 0;
/** A fresh documentation-range address (RFC 5737 and 198.18/15), so no caller hits a limit. */
function nextAddress() {
  const n = addresses++;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

type TrafficOptions = {
  baseUrl: string;
  rate?: number;
  concurrency?: number;
  seconds: number;
  /** Called every `sampleEveryMs` while the traffic runs (memory, CPU samples). */
  onTick?: () => void;
  sampleEveryMs?: number;
};

/** What one run has seen: quotes waiting to be booked, each kind's latencies, the errors. */
type Tally = {
  baseUrl: string;
  quotes: string[];
  latencies: Record<Kind, number[]>;
  errorsBy: Record<string, number>;
};

function fail(tally: Tally, what: string) {
  tally.errorsBy[what] = (tally.errorsBy[what] ?? 0) + 1;
}

async function browse(tally: Tally, address: string) {
  const page = PAGES[Math.floor(Math.random() * PAGES.length)]!;
  const response = await fetch(`${tally.baseUrl}${page}`, {
    headers: { "x-forwarded-for": address },
  });
  await response.arrayBuffer();
  if (response.status !== 200) fail(tally, `browse ${response.status}`);
}

async function postQuote(tally: Tally, address: string) {
  const response = await fetch(`${tally.baseUrl}/api/v1/quotes`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: quoteBody(quoteNumber++),
  });
  const body = (await response.json().catch(() => ({}))) as { reference?: string };
  if (response.status === 201 && body.reference) tally.quotes.push(body.reference);
  else fail(tally, `quote ${response.status}`);
}

async function postBooking(tally: Tally, address: string) {
  const { baseUrl } = tally;
  const reference = tally.quotes.shift()!;
  const index = bookingSlot++;
  const response = await fetch(`${baseUrl}/booking?ref=${encodeURIComponent(reference)}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: baseUrl,
      "x-forwarded-for": address,
    },
    body: new URLSearchParams({
      date: addDays(
        sydneyDate(new Date()),
        FIRST_FREE_DAY + Math.floor(index / (SLOTS.length * 3)),
      ),
      timeSlot: SLOTS[index % SLOTS.length]!,
      address: "1 Military Road",
      suburb: "Mosman NSW 2088",
    }),
    redirect: "manual",
  });
  await response.arrayBuffer();
  const location = response.headers.get("location") ?? "";
  if (response.status !== 302 || !location.startsWith("/booking-success")) {
    fail(tally, `booking ${response.status}`);
  }
}

/** One request of `kind`; a booking with no quote to book becomes a quote. */
async function one(tally: Tally, kind: Kind) {
  const address = nextAddress();
  const started = performance.now();
  try {
    if (kind === "browse") {
      await browse(tally, address);
    } else if (kind === "quote" || tally.quotes.length === 0) {
      await postQuote(tally, address);
      kind = "quote";
    } else {
      await postBooking(tally, address);
    }
  } catch (error) {
    fail(tally, `${kind} ${(error as Error).cause ? String((error as Error).cause) : "network"}`);
  } finally {
    tally.latencies[kind].push(performance.now() - started);
  }
}

function pick(): Kind {
  const roll = Math.random();
  return roll < 0.8 ? "browse" : roll < 0.95 ? "quote" : "booking";
}

/** As fast as `concurrency` clients, each waiting for its answer, can go. */
async function runClients(tally: Tally, options: TrafficOptions, concurrency: number, end: number) {
  const ticker = setInterval(() => options.onTick?.(), options.sampleEveryMs ?? 5000);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) await one(tally, pick());
    }),
  );
  clearInterval(ticker);
}

/** At `rate` requests a second, whatever the answers take. */
async function runAtRate(tally: Tally, options: TrafficOptions, started: number, end: number) {
  const inFlight = new Set<Promise<void>>();
  const interval = 1000 / (options.rate ?? 1);
  let sent = 0;
  let lastTick = started;
  while (performance.now() < end) {
    const due = started + sent * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const task = one(tally, pick()).finally(() => inFlight.delete(task));
    inFlight.add(task);
    sent += 1;
    if (options.onTick && performance.now() - lastTick >= (options.sampleEveryMs ?? 5000)) {
      lastTick = performance.now();
      options.onTick();
    }
  }
  await Promise.all(inFlight);
}

function latencySummary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: Math.round(percentile(sorted, 50)),
    p95: Math.round(percentile(sorted, 95)),
    p99: Math.round(percentile(sorted, 99)),
    count: sorted.length,
  };
}

function figuresOf(tally: Tally, wall: number): TrafficFigures {
  const { latencies, errorsBy } = tally;
  const all = [...latencies.browse, ...latencies.quote, ...latencies.booking];
  return {
    seconds: Math.round(wall),
    requests: all.length,
    perSecond: Math.round((all.length / wall) * 10) / 10,
    errors: Object.values(errorsBy).reduce((sum, n) => sum + n, 0),
    errorsBy,
    latency: {
      all: latencySummary(all),
      browse: latencySummary(latencies.browse),
      quote: latencySummary(latencies.quote),
      booking: latencySummary(latencies.booking),
    },
  };
}

/**
 * Runs the mix against `baseUrl` for `seconds`: at `rate` requests a second, or, with
 * `concurrency`, as fast as that many clients each waiting for its answer can go (the most the
 * server can take).
 */
export async function runTraffic(options: TrafficOptions): Promise<TrafficFigures> {
  const tally: Tally = {
    baseUrl: options.baseUrl,
    quotes: [],
    latencies: { browse: [], quote: [], booking: [] },
    errorsBy: {},
  };
  const started = performance.now();
  const end = started + options.seconds * 1000;
  if (options.concurrency) await runClients(tally, options, options.concurrency, end);
  else await runAtRate(tally, options, started, end);
  return figuresOf(tally, (performance.now() - started) / 1000);
}

/** Resident memory of process `pid` in MB (Linux /proc), or null. */
export function rssMb(pid: number) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** CPU time process `pid` has used so far, in ms (Linux /proc), or null. */
export function cpuMs(pid: number) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

export function formatFigures(name: string, figures: TrafficFigures) {
  const { latency } = figures;
  const lines = [
    `${name}: ${figures.requests} requests in ${figures.seconds} s, ${figures.perSecond} req/s, ` +
      `errors ${figures.errors}` +
      (figures.errors ? ` ${JSON.stringify(figures.errorsBy)}` : ""),
  ];
  for (const kind of ["all", "browse", "quote", "booking"] as const) {
    const l = latency[kind];
    lines.push(
      `  ${kind.padEnd(8)} ${String(l.count).padStart(6)}  p50 ${l.p50} ms  p95 ${l.p95} ms  p99 ${l.p99} ms`,
    );
  }
  return lines.join("\n");
}
