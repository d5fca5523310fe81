// The track with its streams, the five animals, the podium, the cards on the table, your hand and bets,
// the movement table, and at the end every bet revealed with its points. Cards are selected by click or
// by keyboard; a play is offered only when the server lists it as legal.
import type { LegalCommand } from "@playledger/client";
import { useCallback, useState } from "react";
import { useEscape } from "../../a11y/keyboard";
import { useGameText } from "../../i18n/text";
import type { BoardProps, ViewOf } from "../types";
import { MovementAid } from "./Aid";
import { Hand } from "./Hand";
import { Results } from "./Results";
import { Table } from "./Table";
import { Track } from "./Track";
import { RULES, useCatalog } from "./words";
import "./board.css";

type View = ViewOf<"hare-and-tortoise">;

export function Board({ view, game, seat, legal, onCommand, busy }: BoardProps<View>) {
  const text = useGameText(RULES);
  const catalog = useCatalog();
  const [selected, setSelected] = useState<string[]>([]);
  const clear = useCallback(() => setSelected([]), []);
  useEscape(clear, selected.length > 0);
  const send = (c: LegalCommand) => {
    setSelected([]);
    onCommand(c);
  };
  const limit = catalog?.limits.cards_per_round ?? 8;
  return (
    <div className="ht-board" data-phase={view.phase}>
      <p className="muted">
        {text("board.status", {
          variant: view.variant,
          race: view.race,
          races: view.races,
          total: view.total,
          limit,
          deck: view.deck_size,
        })}
      </p>
      <p className="ht-phase">
        {text(`phase.${view.phase}`)}
        {view.howl && <strong className="ht-howl"> {text("board.howl")}</strong>}
      </p>
      <Track view={view} legal={legal} busy={busy} send={send} />
      {view.results.length > 0 && <Results view={view} players={game.players} />}
      {seat !== undefined && (
        <Hand
          hand={"hand" in view ? (view.hand ?? []) : []}
          bets={"bets" in view ? (view.bets ?? []) : []}
          selected={selected}
          onSelect={setSelected}
          legal={legal}
          busy={busy}
          send={send}
        />
      )}
      <div className="ht-row">
        <Table view={view} players={game.players} />
        <MovementAid view={view} catalog={catalog} />
      </div>
      <ul className="ht-players">
        {game.players.map((name, s) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
          <li key={s}>
            {text("board.player", {
              name,
              cards: view.hand_sizes[s] ?? 0,
              bets: view.bet_counts[s] ?? 0,
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
