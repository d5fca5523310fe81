// What the Baba Yaga drawings share: the forest's geometry, readers of the view's JSON, the server's clock
// as the page estimates it, and the race's countdowns.
import type { JsonObject, JsonValue } from "@playledger/client";
import { useEffect, useMemo, useState } from "react";
import type { GameText } from "../../i18n/text";
import type { ViewOf } from "../types";

export const CELL = 76;
export const MARGIN = CELL; // room for the spare path tile of E-EXTEND beyond an end (drawn only then)
export const ENDS: Record<string, [number, number]> = {
  N: [0, 2],
  S: [4, 2],
  W: [2, 0],
  E: [2, 4],
};
export const QUADRANTS: Record<string, [number, number]> = {
  NW: [0, 0],
  NE: [0, 3],
  SW: [3, 0],
  SE: [3, 3],
};

export function list(value: unknown): JsonValue[] {
  return Array.isArray(value) ? (value as JsonValue[]) : [];
}
export function record(value: unknown): JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as JsonObject)
    : {};
}
export function sameCell(a: unknown, r: number, c: number): boolean {
  return Array.isArray(a) && Number(a[0]) === r && Number(a[1]) === c;
}
export function key(r: number, c: number): string {
  return `${r},${c}`;
}

/** The server's clock as this page estimates it (Game.read_time against the browser's clock), ticking. */
export function useServerNow(readTime: Date | undefined): number {
  const offset = useMemo(() => (readTime ? readTime.getTime() - Date.now() : 0), [readTime]);
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now() + offset), 100);
    setNow(Date.now() + offset);
    return () => window.clearInterval(timer);
  }, [offset]);
  return now;
}

export function Countdown(props: {
  label: string;
  text: GameText;
  at: unknown;
  now: number;
  testId: string;
  /** A deadline (red once passed) rather than a wait (green once over). */
  deadline?: boolean;
}) {
  if (typeof props.at !== "number" || props.at <= 0) return null;
  const left = props.at - props.now;
  const over = props.deadline ? "timer due" : "timer ready";
  return (
    <span className={left <= 0 ? over : "timer"} data-testid={props.testId}>
      {props.text("timer.when", {
        label: props.label,
        due: left <= 0 ? "yes" : "no",
        seconds: Math.max(0, left / 1000),
      })}
    </span>
  );
}

export function cellOf(value: unknown): [number, number] {
  const c = list(value);
  return [Number(c[0]), Number(c[1])];
}

export function endAt(end: unknown, r: number, c: number): boolean {
  const at = ENDS[String(end)];
  return at !== undefined && at[0] === r && at[1] === c;
}

/** A seat's part in the turn, in words ("" for none). */
export function role(view: ViewOf<"baba-yaga">, s: number, text: GameText): string {
  if (view.active === null || view.active === undefined || view.phase === "finished") return "";
  if (view.active === s) return text("role.searching");
  const race = view.race === null ? undefined : record(view.race);
  if (race && race.due_flyer === s) return text("role.fliesNext");
  if (view.phase === "place_witch" && view.placer === s) return text("role.places");
  return list(view.flyers).includes(s) ? text("role.flyer") : "";
}
