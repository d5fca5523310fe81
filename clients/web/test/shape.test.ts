// The shape rules of the TypeScript side, as on the Python side (tests/test_code_shape.py): no file over
// 500 lines, no function or component over 80. Read with the TypeScript compiler's parser, so a function's
// length is its whole definition as a reader meets it (nested functions included). As there, the code is
// walked and the tests are not; nor is generated code (the SDK's src/gen/).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import ts from "typescript";
import { WEB } from "./support/paths.ts";

const CLIENTS = join(WEB, "..");
const ROOTS = ["web/src", "web/bench", "web/vite.config.ts", "ts/src", "ts/scripts", "ts/examples"];
const GENERATED = [join(CLIENTS, "ts/src/gen")];
export const MAX_FILE_LINES = 500;
export const MAX_FUNCTION_LINES = 80;

function sources(dir: string): string[] {
  if (GENERATED.some((g) => dir.startsWith(g))) return [];
  if (/\.(ts|tsx|mts|mjs)$/.test(dir)) return [dir];
  const entries = readdirSync(dir, { withFileTypes: true });
  return entries.flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sources(path);
    return /\.(ts|tsx|mts|mjs)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [path] : [];
  });
}

function nameOf(node: ts.Node, file: ts.SourceFile): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name !== undefined) {
    return node.name.getText(file);
  }
  const parent = node.parent;
  if (parent !== undefined) {
    if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
      return parent.name.getText(file);
    if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(file)})`;
  }
  return "(anonymous)";
}

/** What in this source is over the limits, each named by path:line and function. */
export function oversized(source: string, name: string): string[] {
  const found: string[] = [];
  const lines = source.split("\n").length - (source.endsWith("\n") ? 1 : 0);
  if (lines > MAX_FILE_LINES) found.push(`${name}: ${lines} lines (at most ${MAX_FILE_LINES})`);
  const kind = name.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true, kind);
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
    ) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const length = end - start + 1;
      if (length > MAX_FUNCTION_LINES) {
        found.push(
          `${name}:${start} ${nameOf(node, file)}(): ${length} lines (at most ${MAX_FUNCTION_LINES})`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

test("every TypeScript file and function of the clients is small", () => {
  const files = ROOTS.flatMap((r) => sources(join(CLIENTS, r)));
  assert.ok(files.length > 50, `the walk found the code (${files.length} files)`);
  const found = files.flatMap((f) =>
    oversized(readFileSync(f, "utf8"), relative(CLIENTS, f).replaceAll("\\", "/")),
  );
  assert.deepEqual(found, [], `split these by what each part draws or holds:\n${found.join("\n")}`);
});

test("the check names what is too long", () => {
  const body = Array.from({ length: MAX_FUNCTION_LINES - 2 }, (_, i) => `  const x${i} = ${i};`);
  const long = `function long() {\n${body.join("\n")}\n  return 0;\n}\n`;
  const arrow = `const Board = () => {\n${body.join("\n")}\n  return null;\n};\n`;
  assert.deepEqual(oversized(long, "a.ts"), [`a.ts:1 long(): 81 lines (at most 80)`]);
  assert.deepEqual(oversized(arrow, "b.tsx"), [`b.tsx:1 Board(): 81 lines (at most 80)`]);
  const short = "function short() {\n  return 1;\n}\n";
  assert.deepEqual(oversized(short, "c.ts"), []);
  const padded = `${short}${"//\n".repeat(MAX_FILE_LINES)}`;
  assert.deepEqual(oversized(padded, "d.ts"), [`d.ts: 503 lines (at most 500)`]);
});
