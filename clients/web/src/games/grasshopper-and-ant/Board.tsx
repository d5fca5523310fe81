// The path grid with the ants and the Cicada, the roles, the markers, and per player the pantry shelves
// (Autumn) or the supply, provisions and powers (Winter). The Ant picks 6 cards on the grid and places
// them; the Cicada clicks a card with an ant; markers, peeks, insect help, powers and purchases are
// buttons where they are drawn. Only what the server lists as legal is offered.
import type { JsonObject, JsonValue, LegalCommand } from "@playledger/client";
import { useEffect, useState } from "react";
import { spectator } from "../../app/client";
import type { BoardProps } from "../registry";
import "./board.css";
import {
  cardInsect,
  cardType,
  cellName,
  endReason,
  insectName,
  insectPoints,
  label,
  list,
  PATH_TYPES,
  powerInfo,
  provision,
  setCatalog,
  strings,
  typeName,
} from "./words";

const RULES = "grasshopper-and-ant";
const ROLE_NAMES: Record<string, string> = {
  ant: "Ant",
  cicada: "Cicada",
  red_ant: "Red Ant",
  idle: "sits out",
};
const PHASES: Record<string, string> = {
  ant_place: "the Ant lays its 6 ants",
  choices: "secret markers are being chosen",
  cicada: "the Cicada picks an ant to sit on",
  insects: "the Ant takes its cards (insect help)",
  power: "the Ant may gain a power",
  acquire: "the collector may buy a provision",
  finished: "the game is over",
};

function record(value: JsonValue | undefined): JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? value : {};
}
const key = (cell: JsonValue | undefined) => list(cell).map(Number).join(",");

/** Loads this game type's catalog once per page; the words module resolves names with it. */
let catalogLoad: Promise<void> | undefined;
function useCatalog(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    catalogLoad ??= spectator
      .listGameTypes()
      .then((types) => setCatalog(types.find((t) => t.name === RULES)?.catalog ?? {}))
      .catch(() => {
        catalogLoad = undefined; // names fall back to ids; the next board tries again
      });
    void catalogLoad.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

function TypeChip({ type, text }: { type: string; text?: string }) {
  return <span className={`ga-chip ga-${type}`}>{text ?? typeName(type)}</span>;
}

function CardChip({ card }: { card: string }) {
  const insect = cardInsect(card);
  return (
    <span className={`ga-chip ga-${cardType(card)}`} title={typeName(cardType(card))}>
      {card}
      {insect ? ` · ${insectName(insect)}` : ""}
    </span>
  );
}

export function Board({ view, game, seat, legal, onCommand, busy }: BoardProps) {
  useCatalog();
  const [picked, setPicked] = useState<string[]>([]);
  const names = game.players;
  const grid = list(view.grid).map((row) => list(row));
  const roles = strings(view.roles);
  const winter = view.mode === "winter";
  const of = (type: string) => legal.filter((c) => c.commandType === type);
  const placements = of("place_ants");
  const sits = of("place_cicada");
  const send = (c: LegalCommand) => {
    setPicked([]);
    onCommand(c);
  };
  const chosenPlacement = placements.find((c) => {
    const cells = list(c.args.cells).map(key);
    return cells.length === picked.length && cells.every((k) => picked.includes(k));
  });
  const canPick = (k: string) =>
    placements.some((c) => list(c.args.cells).some((cell) => key(cell) === k));
  const toggle = (k: string) =>
    setPicked((p) => (p.includes(k) ? p.filter((x) => x !== k) : p.length < 6 ? [...p, k] : p));
  const reveal = view.reveal === null ? undefined : record(view.reveal);
  const peek = view.peek === null ? undefined : record(view.peek);
  const phase = String(view.phase);

  return (
    <div className="ga-board">
      <p className="ga-status">
        <strong>{winter ? "Winter" : "Autumn"}</strong> · round {String(view.round)} ·{" "}
        {PHASES[phase] ?? phase} · path deck {String(view.deck_count)}
        {view.snake === true && " · single-file ants"}
        {view.autumn_open === true && " · insects face up"}
      </p>
      <ol className="ga-roles" aria-label="roles">
        {roles.map((role, s) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
          <li key={s} className={`ga-role ga-role-${role}`}>
            <strong>{names[s] ?? `Seat ${s}`}</strong>
            {s === seat && " (you)"}: {ROLE_NAMES[role] ?? role}
            {list(view.committed)[s] === true && !reveal && phase !== "ant_place" && (
              <span className="ga-tag">marker chosen</span>
            )}
          </li>
        ))}
      </ol>

      <div className="ga-main">
        <section className="ga-grid-wrap" aria-label="path grid">
          <div className="ga-grid">
            <span />
            {["A", "B", "C", "D"].map((c) => (
              <span key={c} className="ga-axis">
                {c}
              </span>
            ))}
            {grid.map((row, r) => [
              // biome-ignore lint/suspicious/noArrayIndexKey: grid rows are positions
              <span key={`row-${r}`} className="ga-axis">
                {r + 1}
              </span>,
              ...row.map((cellValue, c) => {
                const cell = record(cellValue);
                const k = `${r},${c}`;
                const name = cellName([r, c]);
                if (cellValue === null) {
                  return (
                    <div key={k} className="ga-cell ga-empty" title={`${name}: empty`}>
                      <span className="ga-cell-name">{name}</span>
                    </div>
                  );
                }
                const type = String(cell.type);
                const sit = sits.find((s) => key(s.args.cell) === k);
                const pickable = placements.length > 0 && canPick(k);
                const selected = picked.includes(k);
                const content = (
                  <>
                    <span className="ga-cell-name">{name}</span>
                    <span className="ga-cell-type">{typeName(type)}</span>
                    <span className="ga-cell-card">{String(cell.card)}</span>
                    {typeof cell.insect === "string" && (
                      <span className="ga-cell-insect">{insectName(cell.insect)}</span>
                    )}
                    <span className="ga-pawns">
                      {cell.ant === true && <span className="ga-ant">ant</span>}
                      {cell.cicada === true && <span className="ga-cicada">Cicada</span>}
                      {selected && <span className="ga-ant ga-ghost">ant?</span>}
                    </span>
                  </>
                );
                const cls = `ga-cell ga-${type}${selected ? " ga-selected" : ""}${cell.ant === true ? " ga-has-ant" : ""}`;
                if (sit || pickable) {
                  return (
                    <button
                      key={k}
                      type="button"
                      className={`${cls} ga-clickable`}
                      disabled={busy}
                      aria-pressed={pickable ? selected : undefined}
                      aria-label={`${name}: ${typeName(type)} ${String(cell.card)}${sit ? ", sit the Cicada here" : selected ? ", ant placed" : ", place an ant"}`}
                      onClick={() => (sit ? send(sit) : toggle(k))}
                    >
                      {content}
                    </button>
                  );
                }
                return (
                  <div
                    key={k}
                    className={cls}
                    title={`${name}: ${typeName(type)} ${String(cell.card)}`}
                  >
                    {content}
                  </div>
                );
              }),
            ])}
          </div>
          {placements.length > 0 && (
            <div className="ga-actions">
              <span>
                Pick 6 cards side by side for your ants ({picked.length}/6
                {picked.length === 6 && !chosenPlacement ? ": they must touch in one chain" : ""}
                ).
              </span>
              <button
                type="button"
                className="primary"
                disabled={busy || !chosenPlacement}
                onClick={() => chosenPlacement && send(chosenPlacement)}
              >
                Place ants{chosenPlacement ? ` on ${picked.length} cards` : ""}
              </button>
              {picked.length > 0 && (
                <button type="button" onClick={() => setPicked([])}>
                  Clear
                </button>
              )}
            </div>
          )}
          {sits.length > 0 && <p className="ga-hint">Click a card with an ant to sit on it.</p>}
        </section>

        <section className="ga-markers" aria-label="markers">
          <h3>Markers</h3>
          <Markers view={view} legal={legal} busy={busy} send={send} />
          {peek && (
            <p>
              {names[Number(peek.seat)]} peeked at marker {Number(peek.slot) + 1}
              {typeof peek.marker === "string" ? `: ${typeName(peek.marker)}` : ""}.
            </p>
          )}
          {reveal && (
            <div className="ga-reveal" data-testid="reveal">
              <p>
                The Ant chose <TypeChip type={String(reveal.ant_marker)} />. The Cicada guessed{" "}
                <strong>{reveal.cicada_right === true ? "right" : "wrong"}</strong>:{" "}
                {names[Number(reveal.collector)]} collects{" "}
                {strings(reveal.cards).map((c) => (
                  <CardChip key={c} card={c} />
                ))}
              </p>
              {list(reveal.guesses).length > 0 && (
                <p>
                  Red Ants:{" "}
                  {list(reveal.guesses)
                    .map((g) => `${names[Number(list(g)[0])]} guessed ${typeName(list(g)[1])}`)
                    .join(", ")}
                </p>
              )}
            </div>
          )}
        </section>
      </div>

      <Turn legal={legal} busy={busy} send={send} />
      {winter ? (
        <Winter view={view} names={names} seat={seat} legal={legal} busy={busy} send={send} />
      ) : (
        <Autumn view={view} names={names} seat={seat} />
      )}
      {view.finished === true && (
        <p className="ga-end">
          Ended because {endReason(view.end_reason)}. Scores:{" "}
          {list(view.scores)
            .map((s, i) => `${names[i]} ${String(s)}`)
            .join(", ")}
          .
        </p>
      )}
    </div>
  );
}

interface Acting {
  legal: LegalCommand[];
  busy: boolean;
  send: (c: LegalCommand) => void;
}

function Markers({ view, legal, busy, send }: Acting & { view: JsonObject }) {
  const mine = typeof view.my_marker === "string" ? view.my_marker : undefined;
  const choose = legal.filter(
    (c) => c.commandType === "choose_marker" || c.commandType === "red_ant_guess",
  );
  const peeks = legal.filter((c) => c.commandType === "peek_marker");
  if (!mine && choose.length === 0 && peeks.length === 0) {
    return view.reveal === null ? (
      <p className="muted">The markers stay secret until the Cicada sits.</p>
    ) : null;
  }
  return (
    <>
      {mine && (
        <p>
          Your secret marker: <TypeChip type={mine} />
        </p>
      )}
      {choose.length > 0 && (
        <div className="ga-actions">
          <span>
            {choose[0]?.commandType === "choose_marker"
              ? "Collect which type?"
              : "Guess the Ant's type:"}
          </span>
          {PATH_TYPES.map((t) => {
            const c = choose.find((x) => x.args.path_type === t);
            return (
              <button
                key={t}
                type="button"
                className={`ga-marker ga-${t}`}
                disabled={busy || !c}
                onClick={() => c && send(c)}
              >
                {typeName(t)}
              </button>
            );
          })}
        </div>
      )}
      {peeks.length > 0 && (
        <div className="ga-actions">
          <span>Dragonfly: peek at</span>
          {peeks.map((c) => (
            <button key={label(c)} type="button" disabled={busy} onClick={() => send(c)}>
              marker {Number(c.args.slot) + 1}
            </button>
          ))}
        </div>
      )}
    </>
  );
}

/** The steps of a collection with no natural place on the grid: insect help, powers, the end of buying. */
function Turn({ legal, busy, send }: Acting) {
  const here = legal.filter((c) =>
    ["resolve_insect", "gain_power", "skip_power", "use_swap", "pass"].includes(c.commandType),
  );
  if (here.length === 0) return null;
  return (
    <section className="ga-turn" aria-label="your choices">
      {here.map((c) => (
        <button key={label(c)} type="button" disabled={busy} onClick={() => send(c)}>
          {label(c)}
        </button>
      ))}
    </section>
  );
}

/** Insect cards grouped by kind, with the points each kind scores (1/3/6/10 for 1-4 cards). */
function InsectPile({ cards }: { cards: string[] }) {
  if (cards.length === 0) return <>none</>;
  const kinds = new Map<string, string[]>();
  for (const c of cards) {
    const insect = cardInsect(c) ?? "?";
    kinds.set(insect, [...(kinds.get(insect) ?? []), c]);
  }
  return (
    <>
      {[...kinds].map(([insect, of]) => (
        <span key={insect} className="ga-chip" title={of.join(", ")}>
          {insectName(insect)} ×{of.length} ({insectPoints(of.length)} pt
          {insectPoints(of.length) === 1 ? "" : "s"})
        </span>
      ))}
    </>
  );
}

function Autumn({
  view,
  names,
  seat,
}: {
  view: JsonObject;
  names: string[];
  seat: number | undefined;
}) {
  const pantry = list(view.pantry).map(record);
  const piles = list(view.insect_cards);
  return (
    <section className="ga-players" aria-label="pantry">
      <h3>Pantry</h3>
      <table className="ga-pantry">
        <thead>
          <tr>
            <th scope="col">Player</th>
            {PATH_TYPES.map((t) => (
              <th scope="col" key={t}>
                <TypeChip type={t} />
              </th>
            ))}
            <th scope="col">Shelves</th>
            <th scope="col">Insects</th>
          </tr>
        </thead>
        <tbody>
          {pantry.map((shelves, s) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
            <tr key={s}>
              <th scope="row">
                {names[s]}
                {s === seat && " (you)"}
              </th>
              {PATH_TYPES.map((t) => {
                const at = Number(shelves[t] ?? 0);
                return (
                  <td key={t} aria-label={`${typeName(t)} shelf: position ${at}`}>
                    <span className="ga-shelf">
                      {[1, 2, 3, 4].map((p) => (
                        <span key={p} className={p <= at ? `ga-slot ga-${t} ga-on` : "ga-slot"} />
                      ))}
                    </span>
                    <span className="ga-pos">{at}</span>
                  </td>
                );
              })}
              <td>{String(list(view.shelf_points)[s] ?? 0)} pts</td>
              <td>
                {Array.isArray(piles[s]) ? (
                  <InsectPile cards={strings(piles[s])} />
                ) : (
                  `${String(list(view.insect_counts)[s] ?? 0)} face down`
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {typeof view.my_score === "number" && (
        <p>
          Your score so far: {view.my_score} ({String(view.my_insect_points)} from insects). Shelves
          score 1/3/6/10; each insect kind 1/3/6/10 for 1–4 cards.
        </p>
      )}
      <p className="muted">{String(view.boxed_count)} plain cards boxed.</p>
    </section>
  );
}

function Winter({
  view,
  names,
  seat,
  legal,
  busy,
  send,
}: Acting & { view: JsonObject; names: string[]; seat: number | undefined }) {
  const buys = legal.filter((c) => c.commandType === "buy");
  const supplies = list(view.supplies);
  const cocoons = list(view.cocoons).map(record);
  return (
    <>
      <section className="ga-market" aria-label="market">
        <h3>
          Market <span className="muted">· {String(view.provision_deck_count)} in the deck</span>
        </h3>
        <div className="ga-provisions">
          {strings(view.market).map((p) => {
            const info = provision(p);
            const ways = buys.filter((b) => b.args.provision === p);
            return (
              <div key={p} className="ga-provision">
                <strong>{info.name}</strong> <span className="muted">{p}</span>
                <div>
                  price:{" "}
                  {info.price.map((t, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: price symbols repeat
                    <TypeChip key={i} type={t} text={t} />
                  ))}
                </div>
                {ways.slice(0, 4).map((b) => (
                  <button key={label(b)} type="button" disabled={busy} onClick={() => send(b)}>
                    pay {strings(b.args.cards).join(" ")}
                  </button>
                ))}
                {ways.length > 4 && (
                  <span className="muted">+{ways.length - 4} more under Your moves</span>
                )}
              </div>
            );
          })}
        </div>
        <p className="muted">
          1 VP a card, 3 for a pair; 3 identical path cards pay for any one symbol; first to 4 VP
          wins.
        </p>
      </section>
      {view.powers === true && (
        <section className="ga-powers" aria-label="powers">
          <h3>Powers</h3>
          <ul>
            {list(view.power_cards)
              .map(record)
              .filter((p) => p.holder !== "box")
              .map((p) => (
                <li key={String(p.power)}>
                  <strong>{String(p.name)}</strong> ({insectName(p.insect)}):{" "}
                  {powerInfo(String(p.power)).effect} —{" "}
                  {p.holder === "centre" ? "in the centre" : `held by ${names[Number(p.holder)]}`}
                </li>
              ))}
          </ul>
        </section>
      )}
      <section className="ga-players" aria-label="supplies">
        <h3>Players</h3>
        {supplies.map((supply, s) => {
          const cocoon = cocoons[s] ?? {};
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
            <div key={s} className="ga-player">
              <strong>
                {names[s]}
                {s === seat && " (you)"}
              </strong>{" "}
              · {String(list(view.vp)[s] ?? 0)} VP
              <div>
                provisions:{" "}
                {strings(list(view.provisions)[s]).length
                  ? strings(list(view.provisions)[s])
                      .map((p) => provision(p).name)
                      .join(", ")
                  : "none"}
              </div>
              <div className="ga-supply">
                supply:{" "}
                {strings(supply).length
                  ? strings(supply).map((c) => <CardChip key={c} card={c} />)
                  : "empty"}
                {Number(cocoon.count) > 0 &&
                  (typeof cocoon.card === "string" ? (
                    <span className="ga-chip">face down: {cocoon.card}</span>
                  ) : (
                    <span className="ga-chip">1 face-down card</span>
                  ))}
              </div>
            </div>
          );
        })}
        <p className="muted">{strings(view.discard).length} cards on the discard pile.</p>
      </section>
    </>
  );
}
