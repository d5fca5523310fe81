// The languages of the web app: picked from the browser's (navigator.languages), chosen on the page and
// remembered in localStorage. To add one: its code here, then a folder catalog/<code>/ with every namespace.

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "el", name: "Ελληνικά" },
  { code: "pl", name: "Polski" },
  { code: "cs", name: "Čeština" },
] as const;

export type Language = (typeof LANGUAGES)[number]["code"];

export const DEFAULT_LANGUAGE: Language = "en";
const KEY = "playledger.language.v1";

export function isLanguage(code: string | null | undefined): code is Language {
  return LANGUAGES.some((l) => l.code === code);
}

/** The first of the browser's languages this app speaks ("el-GR" is Greek), else English. */
export function detect(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split("-")[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

export function remembered(): Language | undefined {
  try {
    const stored = localStorage.getItem(KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function remember(language: Language): void {
  try {
    localStorage.setItem(KEY, language);
  } catch {
    // storage refused (private mode): the choice holds for this page only
  }
}

export function initialLanguage(): Language {
  return remembered() ?? detect(typeof navigator === "undefined" ? [] : navigator.languages);
}
