// Where each legal command is a press on the board: a hex of your ant-hill, a tile of the display, a
// path or a site of the meadow, a hatchery, the magnificANT, or the turn's own buttons. A place may hold
// several commands (a path: deploy, recall, pass, deliver, steal); the board then offers a choice.
import type { LegalCommand } from "@playledger/client";

export type Place = string;

/** The place a command is pressed at. Builds go through the tile supply and ghost hexes instead. */
export function placeOf(c: LegalCommand): Place {
  const a = c.args;
  switch (c.commandType) {
    case "use_hex":
      return `hex:${String(a.q)},${String(a.r)}`;
    case "use_magnific_ant":
      return "magnificant";
    case "scout_tile":
      return `tile:${String(a.row)},${String(a.column)}`;
    case "build_tile":
      return `build:${String(a.tile)}`;
    case "hatch_ant":
    case "feed_hatchery":
      return `hatchery:${String(a.hatchery)}`;
    case "deploy_ant":
    case "recall_ant":
    case "deliver_token":
    case "steal":
      return `path:${String(a.segment)}`;
    case "pass_token":
      return `path:${String(a.from_segment)}`;
    case "pick_up_token":
    case "feed_prey":
      return `site:${String(a.site)}`;
    default:
      return "turn"; // finish_action, end_turn
  }
}

export function byPlace(legal: LegalCommand[]): Map<Place, LegalCommand[]> {
  const out = new Map<Place, LegalCommand[]>();
  for (const c of legal) {
    const place = placeOf(c);
    out.set(place, [...(out.get(place) ?? []), c]);
  }
  return out;
}

/** A build's two cells: "q,r". */
export function cellsOf(c: LegalCommand): [string, string] {
  const a = c.args;
  return [`${String(a.q1)},${String(a.r1)}`, `${String(a.q2)},${String(a.r2)}`];
}
