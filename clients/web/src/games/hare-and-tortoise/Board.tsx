// The track with its streams, the five animals, the podium, the cards on the table, and your hand and
// bets. Clicking cards selects them; a play is offered only when the server lists it as legal.
import type { LegalCommand } from "@playledger/client";
import { useCallback, useState } from "react";
import { useEscape } from "../../a11y/keyboard";
import type { BoardProps, ViewOf } from "../types";
import { Hand } from "./Hand";
import { Track } from "./Track";
import { ANIMALS, animalName, COLOR } from "./words";

type View = ViewOf<"hare-and-tortoise">;

export function Board({ view, game, seat, legal, onCommand, busy }: BoardProps<View>) {
  const [selected, setSelected] = useState<string[]>([]);
  const clear = useCallback(() => setSelected([]), []);
  useEscape(clear, selected.length > 0);
  const send = (c: LegalCommand) => {
    setSelected([]);
    onCommand(c);
  };
  return (
    <div className="ht-board">
      <p className="muted">
        {view.variant === "turbo" ? "Turbo" : "Standard"} race {view.race} of {view.races} ·{" "}
        {view.total} of 8 cards on the table · deck {view.deck_size}
        {view.howl && <strong> · Howl!</strong>}
      </p>
      <Track view={view} legal={legal} busy={busy} send={send} />
      <div className="ht-row">
        <section aria-label="podium" className="podium">
          <h3>Podium</h3>
          <ul>
            {view.podium.map((p) => (
              <li key={p.animal}>
                {p.place}. {animalName(p.animal)}
              </li>
            ))}
          </ul>
        </section>
        <section aria-label="cards on the table" className="table-cards">
          <h3>On the table</h3>
          <p>
            {ANIMALS.map((a) => (
              <span key={a} className="count" style={{ borderColor: COLOR[a] }}>
                {animalName(a)} {view.counts[a] ?? 0}
              </span>
            ))}
          </p>
          <ul>
            {view.played.map((cards, s) =>
              cards.length ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
                <li key={s}>
                  {game.players[s]}: {cards.join(", ")}
                </li>
              ) : null,
            )}
          </ul>
        </section>
      </div>
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
      <p className="muted">
        Hands: {view.hand_sizes.map((n, s) => `${game.players[s]} ${n}`).join(", ")} · bets held:{" "}
        {view.bet_counts.join(", ")}
      </p>
    </div>
  );
}
