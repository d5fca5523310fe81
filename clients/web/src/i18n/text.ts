// Reading the catalog from components: t("lobby.create") for the shared pages (keys checked by the compiler
// against the English catalog), gameText(rules) for a game's namespace, and Text, a message not yet
// formatted (to pass from where it is decided to where it is drawn).
import { useCallback, useMemo } from "react";
import { type IntlShape, useIntl } from "react-intl";
import type app from "./catalog/en/app.json";

export type AppKey = keyof typeof app;
export type Values = Record<string, string | number | boolean | null | undefined>;

/** A message of the shared namespace with its values, formatted where it is drawn. */
export interface Text {
  key: AppKey;
  values?: Values;
}

export type T = (key: AppKey, values?: Values) => string;

export function appText(intl: IntlShape): T {
  return (key, values) => intl.formatMessage({ id: `app:${key}` }, values);
}

export function useT(): T {
  const intl = useIntl();
  return useCallback<T>((key, values) => intl.formatMessage({ id: `app:${key}` }, values), [intl]);
}

/** A game's namespace: its title, options, commands, refusals and whatever its board says. */
export interface GameText {
  (key: string, values?: Values): string;
  /** Whether the game's namespace has the key (the server may know an option this page does not). */
  has: (key: string) => boolean;
}

export function gameText(intl: IntlShape, rules: string): GameText {
  const format = (key: string, values?: Values) =>
    intl.formatMessage({ id: `${rules}:${key}` }, values);
  return Object.assign(format, { has: (key: string) => `${rules}:${key}` in intl.messages });
}

export function useGameText(rules: string): GameText {
  const intl = useIntl();
  return useMemo(() => gameText(intl, rules), [intl, rules]);
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cid", in the page's language. */
export function useNames(): (names: string[]) => string {
  const intl = useIntl();
  return useCallback((names) => intl.formatList(names, { type: "conjunction" }), [intl]);
}
