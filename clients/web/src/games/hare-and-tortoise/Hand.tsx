// Your hand and bets: cards to select, and the bet or play the selection makes when the server lists it.
import type { LegalCommand } from "@playledger/client";
import { COLOR, cardAnimal } from "./words";

function sameCards(a: unknown, b: string[]): boolean {
  const got = (Array.isArray(a) ? a : []).map(String).sort();
  const want = [...b].sort();
  return got.length === want.length && got.every((c, i) => c === want[i]);
}

export function Hand(props: {
  hand: string[];
  bets: string[];
  selected: string[];
  onSelect: (cards: string[]) => void;
  legal: LegalCommand[];
  busy: boolean;
  send: (c: LegalCommand) => void;
}) {
  const { hand, bets, selected, legal, busy, send } = props;
  const toggle = (card: string) =>
    props.onSelect(
      selected.includes(card) ? selected.filter((c) => c !== card) : [...selected, card],
    );
  const bet = legal.find(
    (c) =>
      c.commandType === "choose_second_bet" && selected.length === 1 && c.args.card === selected[0],
  );
  const play = legal.find(
    (c) => c.commandType === "play_cards" && sameCards(c.args.cards, selected),
  );
  return (
    <section aria-label="your hand" className="hand">
      <h3>Your hand</h3>
      <div className="cards">
        {hand.map((card) => {
          const animal = cardAnimal(card);
          return (
            <button
              key={card}
              type="button"
              className={selected.includes(card) ? "card selected" : "card"}
              style={animal ? { borderColor: COLOR[animal] } : undefined}
              aria-pressed={selected.includes(card)}
              onClick={() => toggle(card)}
            >
              {card}
            </button>
          );
        })}
      </div>
      <div className="actions">
        {bet && (
          <button type="button" className="primary" disabled={busy} onClick={() => send(bet)}>
            Bet on {selected[0]}
          </button>
        )}
        {play && (
          <button type="button" className="primary" disabled={busy} onClick={() => send(play)}>
            Play {selected.join(" + ")}
          </button>
        )}
        {selected.length > 0 && !bet && !play && legal.length > 0 && (
          <span className="muted">That selection is not a legal move now.</span>
        )}
      </div>
      <p>Your bets: {bets.length ? bets.join(", ") : "none yet"}</p>
    </section>
  );
}
