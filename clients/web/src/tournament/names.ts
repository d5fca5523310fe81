// The tournament pages' words: their catalog namespace ("tournament"), the wire's names for a ruling's
// kind and a tie-break as the catalog's select keys, and points as a standings table prints them.
import { leaderboards } from "@playledger/client";
import { useCallback } from "react";
import { useIntl } from "react-intl";
import type tournament from "../i18n/catalog/en/tournament.json";
import type { Values } from "../i18n/text";

export type { leaderboards };

export type TourKey = keyof typeof tournament;
export type TT = (key: TourKey, values?: Values) => string;

/** A message of the "tournament" namespace, formatted in the page's language. */
export function useTT(): TT {
  const intl = useIntl();
  return useCallback<TT>(
    (key, values) => intl.formatMessage({ id: `tournament:${key}` }, values),
    [intl],
  );
}

export function RulingKindName(kind: leaderboards.RulingKind): string {
  switch (kind) {
    case leaderboards.RulingKind.FORFEIT:
      return "forfeit";
    case leaderboards.RulingKind.ANNULMENT:
      return "annulment";
    case leaderboards.RulingKind.SCORE_CORRECTION:
      return "correction";
    case leaderboards.RulingKind.DISQUALIFICATION:
      return "disqualification";
    default:
      return "other";
  }
}

/** A tie-break's key (Tournament.tiebreaks, Standing.separated_by) as the catalog's select keyword. */
export function tiebreakName(key: string): string {
  switch (key) {
    case "buchholz":
      return "buchholz";
    case "wins":
      return "wins";
    case "score_sum":
      return "score";
    default:
      return "other";
  }
}

/** Points as chess prints them: 1, ½, 2½; anything else in the page's digits. */
export function usePoints(): (points: number) => string {
  const intl = useIntl();
  return useCallback(
    (points) => {
      const whole = Math.floor(points);
      if (points - whole !== 0.5) return intl.formatNumber(points, { maximumFractionDigits: 2 });
      return whole === 0 ? "½" : `${intl.formatNumber(whole)}½`;
    },
    [intl],
  );
}

/** Player id -> display name, for every player of the tournament (never an id on the page). */
export function namesOf(tour: leaderboards.Tournament): Map<string, string> {
  return new Map(tour.players.map((p) => [p.id, p.name || p.id]));
}
