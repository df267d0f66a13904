import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// import-x/no-cycle sees cycles between files. This rule sees them between features: feature A
// importing any file of feature B while some file of B (transitively, through other features)
// imports A. Test files and test data do not count: they never ship.

const SOURCE = /\.(ts|tsx)$/;
const TEST_ONLY = /\.(test|test-data|test-helpers)\.tsx?$|(^|\/)tests?\//;
const SPECIFIER = /\bfrom\s*["']([^"']+)["']|\bimport\s*\(?\s*["']([^"']+)["']/g;

function featureOf(root, file) {
  const relative = path.relative(path.join(root, "app/features"), file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  const [feature, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? feature : null;
}

function targetOf(root, specifier, fromFile) {
  if (specifier.startsWith("~/")) return path.join(root, "app", specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(fromFile), specifier);
  return null;
}

/** Every specifier a file imports or re-exports, static or dynamic. */
export function specifiersOf(text) {
  return [...text.matchAll(SPECIFIER)].map((match) => match[1] ?? match[2]);
}

function listSources(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

const graphs = new Map();

/** feature -> feature -> an example file making the edge; built once per lint run. */
function featureGraph(root) {
  const cached = graphs.get(root);
  if (cached) return cached;
  const graph = new Map();
  for (const file of listSources(path.join(root, "app/features"))) {
    if (TEST_ONLY.test(file)) continue;
    const from = featureOf(root, file);
    for (const specifier of specifiersOf(readFileSync(file, "utf8"))) {
      const target = targetOf(root, specifier, file);
      const to = target && featureOf(root, target);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from).has(to)) graph.get(from).set(to, path.relative(root, file));
    }
  }
  graphs.set(root, graph);
  return graph;
}

/** The features from `start` back to `goal`, or null when `goal` is not reachable. */
function pathBetween(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const steps = [];
      for (let at = goal; at !== null; at = previous.get(at)) steps.unshift(at);
      return steps;
    }
    for (const next of graph.get(current)?.keys() ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, current);
      queue.push(next);
    }
  }
  return null;
}

export default {
  meta: {
    type: "problem",
    docs: { description: "Forbid import cycles between features (app/features/*)." },
    schema: [{ type: "object", properties: { root: { type: "string" } }, required: ["root"] }],
    messages: {
      cycle:
        "Feature cycle: {{cycle}}. Invert one direction (pass data or a callback in, or let server.ts wire them).",
    },
  },
  create(context) {
    const { root } = context.options[0];
    const file = context.physicalFilename;
    const from = featureOf(root, file);
    if (!from || TEST_ONLY.test(file)) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== "string") return;
      const target = targetOf(root, specifier, file);
      const to = target && featureOf(root, target);
      if (!to || to === from) return;
      const back = pathBetween(featureGraph(root), to, from);
      if (back)
        context.report({ node, messageId: "cycle", data: { cycle: [from, ...back].join(" -> ") } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
