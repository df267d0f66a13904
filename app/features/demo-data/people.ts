// Hand-written name lists for the demo: a Sydney mix of first and last names. Every email is
// at example.com/net/org (RFC 2606) and every phone in ACMA's ranges for fiction, so the demo
// can never write to or ring a real person.

export const FIRST_NAMES = (
  "Olivia Charlotte Amelia Isla Mia Ava Grace Chloe Zoe Ruby Sophie Emily Hannah Lucy " +
  "Georgia Matilda Harper Priya Mei Yuki Aisha Leila Sienna Ella Jack Oliver William " +
  "Noah Thomas James Lachlan Henry Charlie Lucas Ethan Liam Samuel Hugo Max Arjun Wei " +
  "Minh Omar Rafael Daniel Benjamin Harrison Cooper Patrick Ari"
).split(" ");

export const LAST_NAMES = (
  "Smith Jones Williams Brown Wilson Taylor Johnson White Martin Anderson Thompson " +
  "Nguyen Tran Lee Chen Wang Singh Patel Kelly Ryan Murphy O'Brien Walsh Campbell " +
  "Stewart Harris Clarke Mitchell Robinson Papadopoulos Nikolaidis Rossi Costa Haddad " +
  "Khoury Kim Park Hughes Cooper Edwards Fraser Sullivan Bennett Gallagher Murray Ward"
).split(" ");

export const EMAIL_DOMAINS = ["example.com", "example.net", "example.org"];

// ACMA's mobile numbers for use in fiction and drama (a fixed list, not a range).
const FICTION_MOBILES = (
  "570006 570156 570157 570158 570159 570110 570313 570737 571266 571491 571804 572549 " +
  "572665 572983 573770 573087 574118 574632 575254 575789 576398 576801 577426 577644 " +
  "578957 578148 578888 579212 579760 579455"
).split(" ");

/** One of ACMA's 30 fictional mobiles, "0491 570 156" */
export function fictionalMobile(serial: number) {
  const digits = FICTION_MOBILES[serial % FICTION_MOBILES.length]!;
  return `0491 ${digits.slice(0, 3)} ${digits.slice(3)}`;
}

/** ACMA's Sydney landlines for fiction are (02) 5550 0000 to (02) 5550 9999. */
export function fictionalLandline(serial: number) {
  return `(02) 5550 ${String(serial % 10000).padStart(4, "0")}`;
}

export const STREETS = (
  "Ocean Street|Victoria Road|Military Road|Pittwater Road|Darling Street|" +
  "Glebe Point Road|New South Head Road|Old South Head Road|Pacific Highway|Bay Street|" +
  "Wolseley Road|Raglan Street|Belmont Road|Burns Bay Road|Alfred Street|" +
  "Carrington Road|King Street|Church Street|Edgecliff Road|Macleay Street|" +
  "Spofforth Street|Wycombe Road|The Esplanade|Kurraba Road|Hopetoun Avenue|" +
  "Wentworth Road|Fitzroy Street|Marine Parade|Hampden Avenue|Harbour Street"
).split("|");

export const BUSINESS_NAMES = (
  "Harbourside Legal|Bridgeview Dental|Northpoint Architects|Paddington Gallery|" +
  "Coastal Physio Studio|Quay Advisory|Lumen Design Co|Bayside Family Practice|" +
  "Ironbark Logistics|Kensington Pilates|Waratah Wealth Partners|Greenway Veterinary|" +
  "Marlow & Finch Interiors|Saltwater Cafe|Crown Street Salon|Atlas Engineering|" +
  "Pier Nine Studios|Southern Cross Imports|Blue Gum Childcare|Orchard Accountants"
).split("|");

export const REVIEW_COMMENTS: Record<number, readonly string[]> = {
  5: [
    "Absolutely spotless. The team paid attention to details we had stopped noticing.",
    "Punctual, polite and thorough. The kitchen has not looked this good since we moved in.",
    "Our end-of-lease clean passed inspection first time. Worth every dollar.",
    "They treated our home with real care. The bathrooms sparkle.",
    "Booked a deep clean before guests arrived and it exceeded every expectation.",
    "Reliable every single visit, and they remember exactly how we like things.",
    "The office has never been cleaner. Staff noticed on Monday morning.",
  ],
  4: [
    "Very good clean overall; one window was missed but fixed quickly when I mentioned it.",
    "Great result and friendly cleaner. Arrived a little later than the slot started.",
    "Thorough work on the floors and bathrooms. Would book again.",
    "Lovely job, easy booking. Slightly over the estimated time but worth it.",
  ],
  3: [
    "Decent clean, but the oven was not done as well as I hoped.",
    "Good on the main rooms, less so in the laundry. Support sorted it out.",
  ],
  2: ["The clean was rushed and we had to ask for a second visit, which they did for free."],
};

/** The five home-page testimonials (docs/decisions/0023-honest-reviews.md: each shows its own rating). */
export const HOME_TESTIMONIALS = [
  {
    rating: 5,
    service: "Deep Clean",
    comment:
      "From the skirting boards to the light fittings, every surface was immaculate. It felt like walking into a hotel suite.",
  },
  {
    rating: 5,
    service: "End of Lease",
    comment:
      "We got our full bond back without a single question from the agent. Calm, careful and right on time.",
  },
  {
    rating: 4,
    service: "Regular Cleaning",
    comment:
      "Our fortnightly clean is the best hour of the week to come home to. Small notes are always taken on board.",
  },
  {
    rating: 5,
    service: "Premium Clean",
    comment:
      "They cleaned around antiques and artwork with real respect. The marble in the ensuite has never looked better.",
  },
  {
    rating: 5,
    service: "Commercial Cleaning",
    comment:
      "Our studio is spotless every Monday. Clients notice, and the team works around our late nights.",
  },
] as const;
