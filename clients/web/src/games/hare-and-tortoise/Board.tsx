// The track with its streams, the five animals, the podium, the cards on the table, and your hand and
// bets. Clicking cards selects them; a play is offered only when the server lists it as legal.
import type { JsonObject, JsonValue, LegalCommand } from "@playledger/client";
import { useState } from "react";
import type { BoardProps } from "../registry";
import { ANIMALS, type Animal, animalName, cardAnimal } from "./words";

const TILES = 11;
const FINISH = TILES + 1;
const COLOR: Record<Animal, string> = {
  HARE: "#8a5a2b",
  TORTOISE: "#2f7d32",
  WOLF: "#222",
  FOX: "#d9661f",
  LAMB: "#2c6fbb",
};

function list(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}
function record(value: JsonValue | undefined): JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? value : {};
}
function sameCards(a: JsonValue | undefined, b: string[]): boolean {
  const got = list(a).map(String).sort();
  const want = [...b].sort();
  return got.length === want.length && got.every((c, i) => c === want[i]);
}

export function Board({ view, game, seat, legal, onCommand, busy }: BoardProps) {
  const [selected, setSelected] = useState<string[]>([]);
  const positions = record(view.positions);
  const streams = new Set(list(view.streams).map(Number));
  const turbo = record(view.turbo_tokens);
  const podium = list(view.podium).map(record);
  const hand = list(view.hand).map(String);
  const bets = list(view.bets).map(String);
  const played = list(view.played).map((cards) => list(cards).map(String));
  const counts = record(view.counts);
  const toggle = (card: string) =>
    setSelected((s) => (s.includes(card) ? s.filter((c) => c !== card) : [...s, card]));
  const bet = legal.find(
    (c) =>
      c.commandType === "choose_second_bet" && selected.length === 1 && c.args.card === selected[0],
  );
  const play = legal.find(
    (c) => c.commandType === "play_cards" && sameCards(c.args.cards, selected),
  );
  const moves = legal.filter((c) => c.commandType === "move_animal");
  const send = (c: LegalCommand) => {
    setSelected([]);
    onCommand(c);
  };
  const width = 40 + (FINISH + 1) * 64;
  return (
    <div className="ht-board">
      <p className="muted">
        {view.variant === "turbo" ? "Turbo" : "Standard"} race {String(view.race)} of{" "}
        {String(view.races)} · {String(view.total)} of 8 cards on the table · deck{" "}
        {String(view.deck_size)}
        {view.howl === true && <strong> · Howl!</strong>}
      </p>
      <svg viewBox={`0 0 ${width} 190`} role="img" aria-label="the race track" className="track">
        {Array.from({ length: FINISH + 1 }, (_, pos) => {
          const x = 20 + pos * 64;
          const label = pos === 0 ? "start" : pos === FINISH ? "finish" : String(pos);
          const stream = streams.has(pos);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: track positions are the keys
            <g key={pos}>
              <rect
                x={x}
                y={20}
                width={58}
                height={150}
                rx={6}
                className={
                  pos === 0 || pos === FINISH ? "tile line" : stream ? "tile stream" : "tile"
                }
              />
              <text x={x + 29} y={40} textAnchor="middle" className="tile-label">
                {label}
              </text>
              {stream && (
                <text x={x + 29} y={162} textAnchor="middle" className="tile-note">
                  stream
                </text>
              )}
              {turbo[String(pos)] !== undefined && (
                <text x={x + 29} y={162} textAnchor="middle" className="tile-note">
                  turbo: {animalName(turbo[String(pos)])}
                </text>
              )}
            </g>
          );
        })}
        {ANIMALS.map((animal, i) => {
          const pos = Number(positions[animal] ?? 0);
          const x = 20 + pos * 64 + 29;
          const y = 58 + i * 20;
          const movable = moves.find((m) => m.args.animal === animal);
          return (
            <g
              key={animal}
              className={movable ? "pawn movable" : "pawn"}
              {...(movable && !busy
                ? {
                    role: "button",
                    tabIndex: 0,
                    "aria-label": `move the ${animalName(animal)}`,
                    onClick: () => send(movable),
                    onKeyDown: (e: React.KeyboardEvent) => {
                      if (e.key === "Enter" || e.key === " ") send(movable);
                    },
                  }
                : {})}
            >
              <circle cx={x} cy={y} r={9} fill={COLOR[animal]} />
              <text x={x + 13} y={y + 4} className="pawn-label">
                {animalName(animal)}
              </text>
            </g>
          );
        })}
      </svg>
      <div className="ht-row">
        <section aria-label="podium" className="podium">
          <h3>Podium</h3>
          <ul>
            {podium.map((p) => (
              <li key={String(p.animal)}>
                {String(p.place)}. {animalName(p.animal)}
              </li>
            ))}
          </ul>
        </section>
        <section aria-label="cards on the table" className="table-cards">
          <h3>On the table</h3>
          <p>
            {ANIMALS.map((a) => (
              <span key={a} className="count" style={{ borderColor: COLOR[a] }}>
                {animalName(a)} {String(counts[a] ?? 0)}
              </span>
            ))}
          </p>
          <ul>
            {played.map((cards, s) =>
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
      )}
      <p className="muted">
        Hands:{" "}
        {list(view.hand_sizes)
          .map((n, s) => `${game.players[s]} ${String(n)}`)
          .join(", ")}{" "}
        · bets held: {list(view.bet_counts).map(String).join(", ")}
      </p>
    </div>
  );
}
