// The wire's names for a ruling's kind, as the catalog's select keys.
import { leaderboards } from "@playledger/client";

export type { leaderboards };

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
