// Antics! in words, in the page's language: names for hexes, tokens, terrains, paths and sites (never
// their ids), a label per command, and how the game ended. The event sentences are in events.ts.
import type { JsonValue, LegalCommand } from "@playledger/client";
import type { GameText } from "../../i18n/text";
import type { EndWords, EventContext, ViewOf } from "../types";
import { list, record } from "./view";

export const RULES = "antics";

/** Paths of the meadow (spec §9.2): id -> [node, node, terrain or null for a bridge]. */
export const SEGMENTS: [string, string, string, string | null][] = [
  ["S01", "NEST", "I1", "GRASS"],
  ["S02", "NEST", "I2", "SAND"],
  ["S03", "NEST", "I3", "PEBBLES"],
  ["S04", "NEST", "I4", "MOSS"],
  ["S05", "NEST", "I5", "LITTER"],
  ["S06", "NEST", "I6", "SAND"],
  ["S07", "I1", "I2", "MOSS"],
  ["S08", "I2", "I3", "LITTER"],
  ["S09", "I3", "I4", "GRASS"],
  ["S10", "I4", "I5", "SAND"],
  ["S11", "I5", "I6", "PEBBLES"],
  ["S12", "I6", "I1", "LITTER"],
  ["S13", "I1", "O1", "PEBBLES"],
  ["S14", "I2", "O2", "MOSS"],
  ["S15", "I3", "O3", "LITTER"],
  ["S16", "I4", "O4", "GRASS"],
  ["S17", "I5", "O5", "SAND"],
  ["S18", "I6", "O6", "MOSS"],
  ["S19", "O1", "P1", "SAND"],
  ["S20", "O2", "P2", "GRASS"],
  ["S21", "O3", "P3", "MOSS"],
  ["S22", "O4", "P4", "PEBBLES"],
  ["S23", "O5", "P5", "LITTER"],
  ["S24", "O6", "P6", "GRASS"],
  ["S25", "I1", "LB1", "LITTER"],
  ["S26", "I2", "LB2", "PEBBLES"],
  ["S27", "I3", "LB3", "SAND"],
  ["S28", "I4", "LB4", "LITTER"],
  ["S29", "I5", "LB5", "MOSS"],
  ["S30", "O2", "LG1", "SAND"],
  ["S31", "O3", "LG2", "GRASS"],
  ["S32", "O4", "LG3", "MOSS"],
  ["S33", "O5", "LG4", "PEBBLES"],
  ["S34", "O6", "LG5", "PEBBLES"],
  ["S35", "O1", "O2", "GRASS"],
  ["S36", "O3", "O4", "SAND"],
  ["S37", "O5", "O6", "MOSS"],
  ["X1", "I2", "P2", null],
  ["X2", "I4", "P4", null],
  ["X3", "I6", "P6", null],
];

export const TERRAIN_COLOR: Record<string, string> = {
  GRASS: "#5a9e3a",
  SAND: "#c9a03c",
  PEBBLES: "#7d7d7d",
  MOSS: "#2f6f4f",
  LITTER: "#9a6a3a",
  MILITARY: "#7a2e2e",
};
export const SEAT_COLOR = ["#c62828", "#1565c0", "#8a6d00", "#2e7d32"];

function n(value: JsonValue | undefined): number {
  return typeof value === "number" ? value : Number(value ?? 0);
}

/** A name from a family of the catalog ("hex.SCOUT"), or the code itself if the catalog lacks it. */
function named(key: string, value: JsonValue | undefined, text: GameText): string {
  return text.has(key) ? text(key) : String(value ?? "");
}

export const hexName = (h: JsonValue | undefined, text: GameText) =>
  named(`hex.${String(h)}`, h, text);
export const tokenName = (t: JsonValue | undefined, text: GameText) =>
  named(`token.${String(t)}`, t, text);
export const terrainName = (t: JsonValue | undefined, text: GameText) =>
  named(`terrain.${String(t)}`, t, text);
export const mealName = (m: JsonValue | undefined, text: GameText) =>
  named(`meal.${String(m)}`, m, text);
export const colorName = (seat: number, text: GameText) =>
  named(`color.${String(seat)}`, seat, text);

export function hatcheryName(h: JsonValue | undefined, text: GameText): string {
  return text("hatchery.name", { terrain: terrainName(h, text) });
}

/** "grass path 13", "bridge 2": a path by its terrain and the number drawn beside it on the meadow. */
export function pathName(id: JsonValue | undefined, text: GameText): string {
  const sid = String(id);
  const bridge = /^X(\d+)$/.exec(sid);
  if (bridge) return text("path.bridge", { n: Number(bridge[1]) });
  const seg = SEGMENTS.find((s) => s[0] === sid);
  const number = /^S(\d+)$/.exec(sid);
  if (!seg || !number) return text("path.unknown");
  return text("path.name", { terrain: terrainName(seg[3], text), n: Number(number[1]) });
}

/** The number a path shows on the meadow ("13", "b2"). */
export function pathNumber(id: string): string {
  const m = /^([SX])(\d+)$/.exec(id);
  return m ? `${m[1] === "X" ? "⌁" : ""}${Number(m[2])}` : "";
}

/** A site by what lies there: "the beetle site", "a brown leaf site". */
export function siteName(site: JsonValue | undefined, view: ViewOf<"antics">, text: GameText) {
  const token = record(record(view.sites)[String(site)]).token;
  return text("site.name", { token: tokenName(token, text) });
}

/** A tile by its two hexes: "Scout / Build". */
export function tileName(tile: JsonValue | undefined, view: ViewOf<"antics">, text: GameText) {
  const hexes = list(record(view.tiles)[String(tile)]);
  return hexes.length === 2
    ? text("tile.name", { first: hexName(hexes[0], text), second: hexName(hexes[1], text) })
    : text("tile.unknown");
}

type Labeller = (
  a: LegalCommand["args"],
  text: GameText,
  view: ViewOf<"antics">,
  players: string[],
) => string;

const LABELS: Record<string, Labeller> = {
  use_hex: (a, text, view) => {
    const cell = myCell(view, n(a.q), n(a.r));
    return text("label.use_hex", { hex: hexName(cell?.hex, text), level: n(cell?.level) });
  },
  use_magnific_ant: (a, text) =>
    text("label.use_magnific_ant", { action: hexName(a.action, text) }),
  scout_tile: (a, text, view) => {
    const row = record(list(view.display)[n(a.row) - 1]);
    const tile = list(row.tiles)[n(a.column) - 1];
    return text("label.scout_tile", {
      tile: tileName(tile, view, text),
      row: n(a.row),
      column: n(a.column),
    });
  },
  build_tile: (a, text, view) => text("label.build_tile", { tile: tileName(a.tile, view, text) }),
  hatch_ant: (a, text) => text("label.hatch_ant", { hatchery: hatcheryName(a.hatchery, text) }),
  deploy_ant: (a, text) =>
    text("label.deploy_ant", {
      soldier: a.hatchery === "MILITARY" ? "yes" : "no",
      hatchery: hatcheryName(a.hatchery, text),
      path: pathName(a.segment, text),
    }),
  recall_ant: (a, text) => text("label.recall_ant", { path: pathName(a.segment, text) }),
  pick_up_token: (a, text, view) =>
    text("label.pick_up_token", {
      site: siteName(a.site, view, text),
      path: pathName(a.segment, text),
    }),
  pass_token: (a, text) =>
    text("label.pass_token", {
      from: pathName(a.from_segment, text),
      to: pathName(a.to_segment, text),
    }),
  deliver_token: (a, text) => text("label.deliver_token", { path: pathName(a.segment, text) }),
  finish_action: (_, text) => text("label.finish_action"),
  steal: (a, text, _, players) =>
    text("label.steal", {
      victim: players[n(a.victim)] ?? colorName(n(a.victim), text),
      path: pathName(a.segment, text),
    }),
  end_turn: (_, text) => text("label.end_turn"),
  feed_prey: (a, text, view) => text("label.feed_prey", { site: siteName(a.site, view, text) }),
  feed_hatchery: (a, text) =>
    text("label.feed_hatchery", { hatchery: hatcheryName(a.hatchery, text) }),
};

/** The cell of this page's ant-hill at (q, r), if built. */
function myCell(view: ViewOf<"antics">, q: number, r: number) {
  const seat = typeof view.seat === "number" ? view.seat : view.current;
  const me = view.players[seat];
  return me?.cells.find((c) => c.q === q && c.r === r);
}

/** A command's words for a button, in the page's language (the victim of a steal by their name). */
export function commandLabel(
  command: LegalCommand,
  text: GameText,
  view: ViewOf<"antics">,
  players: string[] = [],
): string {
  const say = LABELS[command.commandType];
  return say ? say(command.args, text, view, players) : text("label.other");
}

/** The list of moves' words (the shell has no view at hand: the last one this page drew). */
let lastView: ViewOf<"antics"> | undefined;
export function rememberView(view: ViewOf<"antics">): void {
  lastView = view;
}

export function label(command: LegalCommand, ctx: EventContext): string {
  if (lastView !== undefined) return commandLabel(command, ctx.text, lastView, ctx.players);
  const group = `command.${command.commandType}`;
  return ctx.text.has(group) ? ctx.text(group) : ctx.text("label.other");
}

/** Why the game ended (the final turns say what triggered them); equal scores: the higher ant-hill. */
export function endWords(view: ViewOf<"antics">): EndWords {
  const reason = view.end_reason;
  if (!reason) return {};
  const trigger = reason === "FINAL_TURNS" && view.trigger ? view.trigger : "NONE";
  return {
    reason: { key: `end.${reason}`, values: { trigger } },
    tieBreak: { key: "tie.height" },
  };
}
