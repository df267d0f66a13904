import { configDefaults, defineConfig, type ViteUserConfig } from "vitest/config";

/**
 * The soaks run on their own (`npm run test:soak`, vitest.soak.config.ts): a minute of
 * deliberate kills and waits that would otherwise hold one of the unit suite's two workers.
 */
export const SOAK_TESTS = [
  "tests/integration/durability-soak.test.ts",
  "tests/integration/recurring-sweep-kill.test.ts",
];

/** The settings of every suite; each config adds which files it runs. */
export function suiteConfig(files: { include: string[]; exclude: string[] }): ViteUserConfig {
  return defineConfig({
    resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
    test: {
      ...files,
      environment: "node",
      setupFiles: ["tests/helpers/vitest-setup.ts"],
      // One migrated template database per dialect for the whole run (docs/testing.md).
      globalSetup: ["tests/helpers/test-database-setup.ts"],
      // Integration tests each open their own database; two workers suit the 2-core machine.
      pool: "forks",
      maxWorkers: 2,
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  });
}

export default suiteConfig({
  include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
  exclude: [...configDefaults.exclude, ...SOAK_TESTS],
});
