// The path grid with the ants and the Cicada, the roles, the markers, and per player the pantry shelves
// (Autumn) or the supply, provisions and powers (Winter); at the end, each score by the rule that gave it.
// The Ant picks 6 cards on the grid and places them, and takes insect help there; the Cicada picks a card
// with an ant; markers, peeks, powers and purchases are buttons where they are drawn. Only what the server lists as legal
// is offered, and every word comes from the catalog.
import type { LegalCommand } from "@playledger/client";
import { useMemo, useState } from "react";
import { useGameText, useT } from "../../i18n/text";
import type { BoardProps, EventContext, ViewOf } from "../types";
import "./board.css";
import { Autumn } from "./Autumn";
import { useCatalog } from "./common";
import { Grid } from "./Grid";
import { MarkerPanel, Turn } from "./Markers";
import { Results } from "./Results";
import { Winter } from "./Winter";
import { list, RULES, strings } from "./words";

type View = ViewOf<"grasshopper-and-ant">;

function Status({ view }: { view: View }) {
  const text = useGameText(RULES);
  const phase = String(view.phase);
  return (
    <p className="ga-status">
      {text("board.status", {
        season: view.mode === "winter" ? "winter" : "autumn",
        round: Number(view.round),
        phase: text.has(`phase.${phase}`) ? text(`phase.${phase}`) : "",
        deck: Number(view.deck_count),
      })}
      {view.snake === true && ` · ${text("board.snake")}`}
      {view.autumn_open === true && ` · ${text("board.open")}`}
    </p>
  );
}

function Roles({ view, names, seat }: { view: View; names: string[]; seat: number | undefined }) {
  const text = useGameText(RULES);
  const committed = list(view.committed);
  const choosing = view.reveal === null && view.phase !== "ant_place";
  return (
    <ul className="ga-roles" aria-label={text("board.roles")}>
      {strings(view.roles).map((role, s) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
        <li key={s} className={`ga-role ga-role-${role}`}>
          {text("board.role", {
            name: s === seat ? text("board.you", { name: names[s] ?? "" }) : (names[s] ?? ""),
            role: text(`role.${role}`),
          })}
          {committed[s] === true && choosing && (
            <span className="ga-tag">{text("board.markerChosen")}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function Board({ view, game, seat, legal, onCommand, busy }: BoardProps<View>) {
  useCatalog();
  const t = useT();
  const text = useGameText(RULES);
  const [picked, setPicked] = useState<string[]>([]);
  const names = game.players;
  const ctx: EventContext = useMemo(
    () => ({ players: names, mySeat: seat, t, text }),
    [names, seat, t, text],
  );
  const send = (c: LegalCommand) => {
    setPicked([]);
    onCommand(c);
  };
  const acting = { legal, busy, send, ctx };
  return (
    <div className="ga-board" data-phase={String(view.phase)}>
      <Status view={view} />
      <Roles view={view} names={names} seat={seat} />
      <Results view={view} game={game} />
      <div className="ga-main">
        <Grid view={view} picked={picked} setPicked={setPicked} {...acting} />
        {view.finished !== true && <MarkerPanel view={view} names={names} {...acting} />}
      </div>
      <Turn {...acting} />
      {view.mode === "winter" ? (
        <Winter view={view} names={names} seat={seat} {...acting} />
      ) : (
        <Autumn view={view} names={names} seat={seat} />
      )}
    </div>
  );
}
