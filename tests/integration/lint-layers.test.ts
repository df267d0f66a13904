import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";
import { RIGHT_DIRECTION, WRONG_DIRECTION } from "../lint-fixtures/layers";

// The import direction (docs/architecture.md#import-direction-lint-holds-it) and "SQL only in repositories" are held by the lint
// config; these texts, linted as if they lived in the app, prove the rules bite.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const eslint = new ESLint({ cwd: root });

async function rulesReported(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

describe("the layer rules", () => {
  test.each(WRONG_DIRECTION)("refuse $name", async ({ filePath, code, rule }) => {
    expect(await rulesReported(filePath, code)).toContain(rule);
  });

  test("let a feature use another feature's service, lib/ and server/", async () => {
    expect(await rulesReported(RIGHT_DIRECTION.filePath, RIGHT_DIRECTION.code)).toEqual([]);
  });
});
