// Imports in the wrong direction, and one in the right one, for tests/integration/lint-layers.test.ts.
// Never linted where they are: the test hands each text to ESLint as if it lived at `filePath`.

export type LayerFixture = { name: string; filePath: string; code: string; rule?: string };

export const WRONG_DIRECTION: LayerFixture[] = [
  {
    name: "a shared component importing a feature",
    filePath: "app/components/site/bad-plans.tsx", // not-a-citation: made up
    code: `import { PLANS } from "~/features/subscription/components/plans";\nexport const plans = PLANS;\n`,
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "server/ importing a feature",
    filePath: "app/server/bad-profile.server.ts", // not-a-citation: made up
    code: `import { getBusinessProfile } from "~/features/settings/settings.service.server";\nexport const read = getBusinessProfile;\n`,
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "a feature importing another feature's repository",
    filePath: "app/features/subscription/bad-quotes.server.ts", // not-a-citation: made up
    code: `import { insertQuote } from "~/features/quote/quote.repository.server";\nexport const insert = insertQuote;\n`,
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "a migration importing app code",
    filePath: "app/server/migrations/2099_01_01_0000_bad.ts", // not-a-citation: made up
    code: `import { newId } from "~/lib/ids";\nexport const id = newId;\n`,
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "lib/ importing server code",
    filePath: "app/lib/bad-config.ts", // not-a-citation: made up
    code: `import type { AppConfig } from "~/server/config.server";\nexport type Config = AppConfig;\n`,
    rule: "import-x/no-restricted-paths",
  },
  {
    // quote's service already imports settings' service: settings importing quote closes a loop.
    name: "a cycle between two features",
    filePath: "app/features/settings/bad-cycle.server.ts", // not-a-citation: made up
    code: `import { estimateQuote } from "~/features/quote/quote.service.server";\nexport const estimate = estimateQuote;\n`,
    rule: "layers/no-feature-cycle",
  },
  {
    name: "SQL outside a repository",
    filePath: "app/features/quote/bad-count.service.server.ts", // not-a-citation: made up
    code: `import type { Kysely } from "kysely";\nimport type { Database } from "~/server/database";\nexport const count = (db: Kysely<Database>) => db.selectFrom("quotes").selectAll().execute();\n`,
    rule: "no-restricted-syntax",
  },
];

export const RIGHT_DIRECTION: LayerFixture = {
  name: "a feature using another feature's service, lib/ and server/",
  filePath: "app/features/subscription/good-lead.server.ts", // not-a-citation: made up
  code: `import { insertWebsiteLead } from "~/features/quote/quote.service.server";\nimport { newId } from "~/lib/ids";\nimport type { Database } from "~/server/database";\nexport const parts = { insertWebsiteLead, newId };\nexport type Db = Database;\n`,
};
