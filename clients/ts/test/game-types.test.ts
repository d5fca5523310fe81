// The games' generated types (src/gen/games/, from ../../schemas by scripts/gen-game-types.mjs), as an
// app names them: by module (hareTortoise.SeatView) or by game name (GameMessages). Mostly checked by
// tsc (npm run typecheck): each @ts-expect-error below must stay an error, so the types stay strict.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import type { GameMessages, hareTortoise } from "../src/index.js";

type Games = keyof GameMessages;
type Args<
  G extends Games,
  C extends keyof GameMessages[G]["commands"],
> = GameMessages[G]["commands"][C];

test("commands, events and views are typed by game and name", () => {
  const play: Args<"hare-and-tortoise", "play_cards"> = { cards: ["R-HARE-02", "R-HARE-07"] };
  const played: GameMessages["hare-and-tortoise"]["events"]["CardsPlayed"] = { seat: 0, ...play };
  const move: hareTortoise.MoveAnimal = { animal: "FOX" };
  // @ts-expect-error: an argument the command does not take
  const extra: Args<"hare-and-tortoise", "play_cards"> = { cards: [], count: 2 };
  // @ts-expect-error: an animal that is not in the race
  const lion: hareTortoise.MoveAnimal = { animal: "LION" };
  const place: Args<"atiwa", "place_item"> = { kind: "TREE", card: 0, field: 3 }; // `trained` has a default
  const guess: GameMessages["grasshopper-and-ant"]["views"]["seat"]["reveal"] = {
    ant_marker: "TC",
    guesses: [[2, "ST"]], // [seat, path type]: a tuple
    cicada_right: false,
    collector: 0,
    cards: [],
  };
  assert.deepEqual(
    [played.cards, move.animal, place.trained, guess?.guesses[0]?.[1]],
    [play.cards, "FOX", undefined, "ST"],
  );
  assert.ok(extra && lion);
});

test("every committed schema has its module of types", () => {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const schemas = readdirSync(`${root}../../schemas`).filter((f) => f.endsWith(".schema.json"));
  const modules = readdirSync(`${root}src/gen/games`).filter((f) => f !== "index.ts");
  assert.deepEqual(
    modules,
    schemas.map((f) => f.replace(".schema.json", ".ts")),
  );
  const index = readFileSync(`${root}src/gen/games/index.ts`, "utf8");
  for (const file of schemas) {
    const game = JSON.parse(readFileSync(`${root}../../schemas/${file}`, "utf8")).$id.split(":")[3];
    assert.match(index, new RegExp(`"${game}": `));
  }
});
