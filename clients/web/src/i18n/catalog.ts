// The one message catalog: catalog/<language>/<namespace>.json, flat keys to ICU MessageFormat messages.
// Namespace "app" holds the shared pages (lobby, game page, end screen, replay, tournament, errors); each
// game has its own namespace named as in the server's catalog ("hare-and-tortoise", ...). react-intl sees
// one flat table whose ids are "<namespace>:<key>". English is bundled; the others load when chosen.
import type { Language } from "./languages";

export type Messages = Record<string, string>;

const english = import.meta.glob<Messages>("./catalog/en/*.json", {
  eager: true,
  import: "default",
});
const others = import.meta.glob<Messages>(["./catalog/*/*.json", "!./catalog/en/*.json"], {
  import: "default",
});

/** "./catalog/el/baba-yaga.json" -> ["el", "baba-yaga"]. */
function parts(path: string): [string, string] {
  const m = /\.\/catalog\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return [m?.[1] ?? "", m?.[2] ?? ""];
}

function flatten(files: [string, Messages][]): Messages {
  const out: Messages = {};
  for (const [path, messages] of files) {
    const [, namespace] = parts(path);
    for (const [key, message] of Object.entries(messages)) out[`${namespace}:${key}`] = message;
  }
  return out;
}

export const ENGLISH: Messages = flatten(Object.entries(english));

const loaded = new Map<Language, Promise<Messages>>([["en", Promise.resolve(ENGLISH)]]);

/** Every namespace of a language, as react-intl's messages. */
export function messagesOf(language: Language): Promise<Messages> {
  let found = loaded.get(language);
  if (found === undefined) {
    const files = Object.entries(others).filter(([path]) => parts(path)[0] === language);
    found = Promise.all(
      files.map(async ([path, load]) => [path, await load()] as [string, Messages]),
    ).then((found) => ({ ...ENGLISH, ...flatten(found) })); // the catalog test keeps gaps out
    loaded.set(language, found);
  }
  return found;
}
