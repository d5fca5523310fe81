// The message catalog stays whole: every language has every key of every namespace (and no other), each
// message has the same placeholders in every language, every key is used by the code, every game has its
// namespace with a title and a summary, and a glossary per game and language beside the catalog.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import ts from "typescript";
import { SRC } from "./support/paths.ts";

const CATALOG = join(SRC, "i18n", "catalog");
const GLOSSARY = join(SRC, "i18n", "glossary");
const LANGUAGES = ["en", "el", "pl", "cs"];
const GAMES = ["hare-and-tortoise", "grasshopper-and-ant", "baba-yaga", "atiwa", "antics"];

type Catalog = Record<string, Record<string, string>>; // namespace -> key -> message

function load(language: string): Catalog {
  const dir = join(CATALOG, language);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [f.replace(/\.json$/, ""), JSON.parse(readFileSync(join(dir, f), "utf8"))]),
  );
}

/** A message's placeholders: each argument's name and kind ("plural count", "argument names"). */
export function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const e of elements) {
      if (e.type === TYPE.argument) found.add(`argument ${e.value}`);
      else if (e.type === TYPE.number) found.add(`number ${e.value}`);
      else if (e.type === TYPE.date || e.type === TYPE.time) found.add(`date ${e.value}`);
      else if (e.type === TYPE.plural) {
        found.add(`plural ${e.value}`);
        for (const option of Object.values(e.options)) walk(option.value);
      } else if (e.type === TYPE.select) {
        found.add(`select ${e.value}`);
        for (const option of Object.values(e.options)) walk(option.value);
      } else if (e.type === TYPE.tag) {
        found.add(`tag ${e.value}`);
        walk(e.children);
      }
    }
  };
  walk(parse(message, { requiresOtherClause: true }));
  return [...found].sort();
}

const names = (found: string[]) => [...new Set(found.map((p) => p.split(" ")[1]))].sort();
const selects = (found: string[]) => found.filter((p) => p.startsWith("select ")).join();

const catalogs = Object.fromEntries(LANGUAGES.map((l) => [l, load(l)]));
const english = catalogs.en as Catalog;

test("every language has every namespace and key of English, and no other", () => {
  const gaps: string[] = [];
  for (const language of LANGUAGES.slice(1)) {
    const other = catalogs[language] as Catalog;
    for (const ns of new Set([...Object.keys(english), ...Object.keys(other)])) {
      const want = Object.keys(english[ns] ?? {});
      const have = Object.keys(other[ns] ?? {});
      for (const k of want) if (!have.includes(k)) gaps.push(`${language}/${ns}: missing ${k}`);
      for (const k of have)
        if (!want.includes(k)) gaps.push(`${language}/${ns}: not in English ${k}`);
      for (const k of have) if (other[ns]?.[k] === "") gaps.push(`${language}/${ns}: empty ${k}`);
    }
  }
  assert.deepEqual(gaps, []);
});

test("each message has the same placeholders in every language, and parses", () => {
  const differ: string[] = [];
  for (const [ns, messages] of Object.entries(english)) {
    for (const [key, message] of Object.entries(messages)) {
      const want = placeholders(message);
      for (const language of LANGUAGES.slice(1)) {
        const other = (catalogs[language] as Catalog)[ns]?.[key];
        if (other === undefined) continue; // the test above names it
        const have = placeholders(other);
        // The same variables everywhere; a select's keywords bind it, so it is a select everywhere. A
        // language may count (plural) where English only prints the number.
        if (names(have).join() !== names(want).join() || selects(have) !== selects(want)) {
          differ.push(`${language}/${ns}:${key}: [${have}] but English has [${want}]`);
        }
      }
    }
  }
  assert.deepEqual(differ, []);
});

/** Every string literal and every template head ("reason." of `reason.${code}`) in the app's code. */
function literals(): { exact: Set<string>; prefixes: Set<string> } {
  const exact = new Set<string>();
  const prefixes = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(e.name)) {
        const kind = e.name.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
        const file = ts.createSourceFile(path, readFileSync(path, "utf8"), 99, true, kind);
        const visit = (node: ts.Node) => {
          if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
            exact.add(node.text);
          } else if (ts.isTemplateExpression(node) && node.head.text.endsWith(".")) {
            prefixes.add(node.head.text);
          }
          ts.forEachChild(node, visit);
        };
        visit(file);
      }
    }
  };
  walk(SRC);
  return { exact, prefixes };
}

test("every key of the catalog is used by the code (dynamic families by their literal prefix)", () => {
  const { exact, prefixes } = literals();
  const unused: string[] = [];
  for (const [ns, messages] of Object.entries(english)) {
    for (const key of Object.keys(messages)) {
      const used = exact.has(key) || [...prefixes].some((p) => key.startsWith(p));
      if (!used) unused.push(`${ns}:${key}`);
    }
  }
  assert.deepEqual(unused, []);
  assert.ok(prefixes.has("reason."), "the refusal family is looked up by its prefix");
});

test("each game has its namespace (title, summary) and a glossary per language beside the catalog", () => {
  const missing: string[] = [];
  for (const game of GAMES) {
    for (const key of ["title", "summary"])
      if (!english[game]?.[key]) missing.push(`${game}: ${key}`);
    const terms = new Map<string, string[]>();
    for (const language of LANGUAGES) {
      const path = join(GLOSSARY, language, `${game}.json`);
      if (!existsSync(path)) {
        missing.push(`glossary/${language}/${game}.json`);
        continue;
      }
      const glossary = JSON.parse(readFileSync(path, "utf8")) as {
        source: string;
        terms: Record<string, { en: string; term: string }>;
      };
      if (!glossary.source) missing.push(`glossary/${language}/${game}.json: its source`);
      terms.set(language, Object.keys(glossary.terms).sort());
      for (const [id, t] of Object.entries(glossary.terms))
        if (!t.term || !t.en) missing.push(`glossary/${language}/${game}.json: ${id}`);
    }
    const en = terms.get("en")?.join();
    for (const [language, ids] of terms)
      if (ids.join() !== en)
        missing.push(`glossary/${language}/${game}.json: other terms than English`);
  }
  assert.deepEqual(missing, []);
});

test("the placeholder check sees what differs", () => {
  assert.deepEqual(placeholders("Waiting for {names}."), ["argument names"]);
  assert.deepEqual(placeholders("{n, plural, one {# card} other {# cards of {who}}}"), [
    "argument who",
    "plural n",
  ]);
  assert.throws(() => placeholders("{n, plural, one {# card}}"), "an ICU plural needs its other");
});
