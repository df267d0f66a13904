import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";

const ICON_EXPORT = /export \{([^}]+)\} from '\.\/icons\/([\w-]+)\.mjs';/g;
const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;

/**
 * Rewrites `import { Phone } from "lucide-react"` in the app to the icon's own module
 * (`lucide-react/icons/phone`). Tree-shaking drops unused icons either way, but through the
 * package's barrel every icon looks imported by every module that imports any icon, so the
 * bundler cannot tell which page needs which icon; with direct imports it can, and
 * `client-chunks.ts` puts only the landing page's icons in the chunk every public page loads.
 * Build only: the dev server serves the barrel as it is.
 */
export function lucideDirectImports(): Plugin {
  let fileOf: Map<string, string> | undefined;
  return {
    name: "lucide-direct-imports",
    apply: "build",
    transform(code, id) {
      if (
        !id.includes("/app/") ||
        id.includes("/node_modules/") ||
        !code.includes("lucide-react")
      ) {
        return null;
      }
      fileOf ??= readIconFiles();
      const icons = fileOf;
      const rewritten = code.replace(BARREL_IMPORT, (_statement, specifiers: string) =>
        specifiers
          .split(",")
          .map((specifier) => specifier.trim())
          .filter(Boolean)
          .map((specifier) => {
            const [imported, local = imported] = specifier.split(/\s+as\s+/) as [string, string?];
            const file = icons.get(imported);
            if (!file) throw new Error(`${id}: lucide-react has no icon named ${imported}`);
            return `import ${local} from "lucide-react/icons/${file}";`;
          })
          .join("\n"),
      );
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

/** Every exported name (and alias) of the barrel, mapped to its icon's file name. */
function readIconFiles() {
  const require = createRequire(import.meta.url);
  const barrel = readFileSync(
    require.resolve("lucide-react").replace(/cjs\/lucide-react\.js$/, "esm/lucide-react.mjs"),
    "utf8",
  );
  const files = new Map<string, string>();
  for (const [, names, file] of barrel.matchAll(ICON_EXPORT)) {
    for (const name of names!.split(",")) files.set(name.replace("default as", "").trim(), file!);
  }
  return files;
}
