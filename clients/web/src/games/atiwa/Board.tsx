// Atiwa drawn: the round track and the action board (with what each space gives and costs), the terrain
// display and the location stacks, and every player's supply board and play area of cards with their
// eight fields. Legal commands are clicks where they belong: a worker on a space, a card on an open
// place, a piece on a field; the rest (start an action, pass, pay, choose) are buttons of the task bar.
import type { JsonObject, JsonValue, LegalCommand } from "@playledger/client";
import { useState } from "react";
import type { BoardProps } from "../registry";
import { arr, cardInfo, obj, useCatalog } from "./catalog";
import { FIELD_NAMES, label, piece } from "./words";
import "./atiwa.css";

const FIELD_COMMANDS = new Set([
  "place_item",
  "train_family",
  "pay_tree",
  "fly_bat",
  "pay_fruit",
  "pay_food",
]);
const SEAT_COLOURS = ["#b3261e", "#1d5fa8", "#2e7d32", "#8a5a00"];
const ROWS = ["WILD", "TREE", "FRUIT", "FAMILY", "GOAT"];
const LOCATIONS = ["FARM", "SETTLEMENT", "VILLAGE", "TOWN"];
const STEP_WORDS: Record<string, string> = {
  idle: "waiting",
  place_worker: "place a worker",
  choose_action: "choose the next action of the space",
  draw_terrain: "draw a terrain card",
  place_card: "place the new card",
  take_card: "place the displayed card",
  place_items: "place the pieces gained",
  tree_with_fruit: "place a tree (with its fruit)",
  fruit_on_tree: "put the fruit on the new tree",
  train: "train families",
  pay_cost: "pay the cost",
  choose: "choose an alternative",
  location: "pay trees for the location",
  action_end: "finish the action",
  fruit_bat: "fruit bat action: fly 3 bats",
  pay_fruit: "fruit bat action: pay a fruit",
  bat_tree: "fruit bat action: place the tree",
  turn_end: "end the turn",
  income: "income",
  next: "next step",
  produce: "place what your animals, trees and fruit produce",
  return_bats: "place the bats back from the night card",
  feed: "feed your families",
  breed: "breed",
  done: "done for this round",
};

function num(value: JsonValue | undefined): number {
  return typeof value === "number" ? value : 0;
}

function key(card: JsonValue | undefined, field: JsonValue | undefined): string {
  return `${String(card)}:${String(field)}`;
}

/** What lies on a field, in words ("tree + fruit"), from the view's "T:tree+fruit". */
function content(text: string): { type: string; held: string } {
  const [type = "", held = ""] = text.split(":");
  return { type, held: held.replace("+", " + ") };
}

function Space({
  space,
  catalog,
  round,
  players,
  command,
  busy,
  onCommand,
}: {
  space: JsonObject;
  catalog: JsonObject;
  round: number;
  players: string[];
  command: LegalCommand | undefined;
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
}) {
  const id = String(space.id);
  const isRound = id.startsWith("R");
  const position = Number(id.slice(1));
  const entry = obj(obj(catalog.spaces)[id]);
  const title = isRound
    ? position === round
      ? `Round space ${position}`
      : `Position ${position}`
    : `${String(entry.name ?? id)}`;
  const actions = arr(space.actions).map(String);
  const location = id.match(/^(FA|SE|VI|TO)_(L|R)$/);
  let cost: string | undefined;
  if (location) {
    const kind =
      { FA: "FARM", SE: "SETTLEMENT", VI: "VILLAGE", TO: "TOWN" }[location[1] ?? ""] ?? "";
    const info = obj(obj(catalog.locations)[kind]);
    if (info.points !== undefined) {
      const gold = location[2] === "R" ? info.cost_gold_right : info.cost_gold_left;
      cost = `${String(info.points)} points · ${String(info.huts)} huts · costs ${String(info.cost_trees)} trees + ${String(gold)} gold`;
    }
  }
  const worker = space.worker;
  const body = (
    <>
      <span className="at-space-id">
        {id}
        {isRound && space.tile ? ` · tile ${String(space.tile)}` : ""}
      </span>
      <strong>{title}</strong>
      {cost ? <span className="at-cost">{cost}</span> : null}
      <ul>
        {actions.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      {typeof worker === "number" && (
        <span className="at-worker" style={{ background: SEAT_COLOURS[worker % 4] }}>
          {players[worker] ?? `seat ${worker}`}
          {space.placed_in_round !== undefined && space.placed_in_round !== round
            ? ` (round ${String(space.placed_in_round)})`
            : ""}
        </span>
      )}
    </>
  );
  const cls = `at-space${isRound ? " at-round" : ""}${isRound && position === round ? " at-now" : ""}`;
  if (command) {
    return (
      <button
        type="button"
        className={`${cls} at-open`}
        disabled={busy}
        aria-label={label(command)}
        data-space={id}
        onClick={() => onCommand(command)}
      >
        {body}
      </button>
    );
  }
  return (
    <div className={cls} data-space={id}>
      {body}
    </div>
  );
}

function FieldTypes({ fields, catalog }: { fields: JsonValue[]; catalog: JsonObject }) {
  const names = obj(catalog.field_types);
  return (
    <div className="at-mini">
      <span className="at-mini-head" />
      {fields.map((f, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the 8 fields are positions
          key={i}
          className={`at-f at-t-${String(f)}`}
          title={`${FIELD_NAMES[i]}: ${String(names[String(f)] ?? f)}`}
        >
          {String(f)}
        </span>
      ))}
    </div>
  );
}

function PlayArea({
  player,
  catalog,
  fieldCommands,
  cardCommands,
  picked,
  onPick,
  busy,
  onCommand,
}: {
  player: JsonObject;
  catalog: JsonObject;
  fieldCommands: Map<string, LegalCommand[]>;
  cardCommands: LegalCommand[];
  picked: string | undefined;
  onPick: (k: string | undefined) => void;
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
}) {
  const cards = arr(player.cards).map(obj);
  const rows = Math.max(
    1,
    ...cards.map((c) => num(c.row)),
    ...cardCommands.map((c) => num(c.args.row)),
  );
  const cols = [...cards.map((c) => num(c.col)), ...cardCommands.map((c) => num(c.args.col))];
  const first = Math.min(...cols);
  const width = Math.max(...cols) - first + 1;
  const column = (col: number) => col - first + 1; // only the columns in use are drawn
  return (
    <div
      className="at-area"
      style={{
        gridTemplateRows: `repeat(${rows}, auto)`,
        gridTemplateColumns: `repeat(${width}, var(--at-card-width))`,
      }}
    >
      {cards.map((c) => {
        const info = cardInfo(catalog, String(c.card));
        const nature = num(info.nature);
        const fields = arr(c.fields).map(String);
        return (
          <div
            key={String(c.index)}
            className={`at-card${String(c.card).startsWith("T") ? " at-terrain" : " at-location"}`}
            style={{ gridRow: num(c.row), gridColumn: column(num(c.col)) }}
          >
            <div className="at-head">
              <strong>{String(c.name)}</strong>
              <span>
                card {num(c.index) + 1} · {num(c.points)} pts
                {nature ? ` · ${"♣".repeat(nature)}` : ""}
              </span>
            </div>
            {fields.map((text, i) => {
              const { type, held } = content(text);
              const k = key(c.index, i + 1);
              const commands = fieldCommands.get(k) ?? [];
              const cls = `at-field at-t-${type}${held ? " at-held" : ""}${held === "polluted" ? " at-polluted" : ""}${commands.length ? " at-target" : ""}${picked === k ? " at-picked" : ""}`;
              const inner = (
                <>
                  <span className="at-ftype">
                    {FIELD_NAMES[i]} {type}
                  </span>
                  <span className="at-fheld">{held || "·"}</span>
                </>
              );
              if (commands.length === 0) {
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the 8 fields are positions
                  <div key={i} className={cls}>
                    {inner}
                  </div>
                );
              }
              const only = commands.length === 1 ? commands[0] : undefined;
              return (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: the 8 fields are positions
                  key={i}
                  type="button"
                  className={cls}
                  disabled={busy}
                  aria-label={
                    only ? label(only) : `${commands.length} choices on ${spotName(c, i)}`
                  }
                  onClick={() => (only ? onCommand(only) : onPick(picked === k ? undefined : k))}
                >
                  {inner}
                </button>
              );
            })}
          </div>
        );
      })}
      {cardCommands.map((c) => (
        <button
          key={`${num(c.args.row)}-${num(c.args.col)}`}
          type="button"
          className="at-slot"
          style={{ gridRow: num(c.args.row), gridColumn: column(num(c.args.col)) }}
          disabled={busy}
          aria-label={label(c)}
          onClick={() => onCommand(c)}
        >
          place the card here
          <br />
          (row {num(c.args.row)}, column {num(c.args.col)})
        </button>
      ))}
    </div>
  );
}

function spotName(card: JsonObject, i: number): string {
  return `${String(card.name)} ${FIELD_NAMES[i]}`;
}

function SupplyBoard({ player, catalog }: { player: JsonObject; catalog: JsonObject }) {
  const board = obj(player.supply_board);
  const values = obj(catalog.supply_board);
  return (
    <table className="at-supply">
      <caption>Supply board</caption>
      <thead>
        <tr>
          <th scope="col">row</th>
          <th scope="col">left</th>
          <th scope="col">value now</th>
          <th scope="col">next</th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map((kind) => {
          const row = obj(board[kind]);
          const printed = arr(values[kind]).map(Number);
          const taken = printed.length - num(row.left);
          return (
            <tr key={kind}>
              <th scope="row">{piece(kind, 2)}</th>
              <td>{num(row.left)}</td>
              <td>{num(row.value)}</td>
              <td>{taken < printed.length ? printed[taken] : "—"}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Player({
  player,
  name,
  isMe,
  catalog,
  fieldCommands,
  cardCommands,
  busy,
  onCommand,
}: {
  player: JsonObject;
  name: string;
  isMe: boolean;
  catalog: JsonObject;
  fieldCommands: Map<string, LegalCommand[]>;
  cardCommands: LegalCommand[];
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
}) {
  const [picked, setPicked] = useState<string>();
  const seat = num(player.seat);
  const task = obj(player.task);
  const choices = picked ? (fieldCommands.get(picked) ?? []) : [];
  const toPlace = arr(task.to_place).map((k) => piece(k));
  return (
    <section
      className={`at-player${isMe ? " at-me" : ""}`}
      aria-label={`${name}'s board`}
      style={{ borderTopColor: SEAT_COLOURS[seat % 4] }}
    >
      <h3>
        {name}
        {isMe && name !== "You" ? " (you)" : ""}
      </h3>
      <p className="at-stats">
        <span>
          <b>{num(player.gold)}</b> gold
        </span>
        <span>
          <b>{num(player.bats)}</b> bats
        </span>
        <span>
          <b>{num(player.night_bats)}</b> on the night card
        </span>
        <span>
          <b>{num(player.terrain_cards)}</b> terrain cards
        </span>
        <span>
          <b>{num(player.nature_symbols)}</b> nature ♣
        </span>
        <span>
          <b>{num(player.pollution)}</b> pollution
        </span>
        {num(player.shortage_penalty) !== 0 && (
          <span>
            <b>{num(player.shortage_penalty)}</b> points for hunger
          </span>
        )}
        {num(player.families_removed) !== 0 && (
          <span>
            <b>{num(player.families_removed)}</b> families gone
          </span>
        )}
      </p>
      <p className="at-task">
        Task: {STEP_WORDS[String(task.step)] ?? String(task.step)}
        {task.space ? ` · space ${String(task.space)}` : ""}
        {toPlace.length ? ` · to place: ${toPlace.join(", ")}` : ""}
        {task.need !== undefined ? ` · food ${num(task.paid)} of ${num(task.need)}` : ""}
      </p>
      <div className="at-player-body">
        <SupplyBoard player={player} catalog={catalog} />
        <div className="at-area-wrap">
          <PlayArea
            player={player}
            catalog={catalog}
            fieldCommands={fieldCommands}
            cardCommands={cardCommands}
            picked={picked}
            onPick={setPicked}
            busy={busy}
            onCommand={(c) => {
              setPicked(undefined);
              onCommand(c);
            }}
          />
        </div>
      </div>
      {choices.length > 0 && (
        <div className="actions at-choices">
          {choices.map((c) => (
            <button
              key={label(c)}
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => {
                setPicked(undefined);
                onCommand(c);
              }}
            >
              {label(c)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

function TaskBar({
  legal,
  view,
  seat,
  busy,
  onCommand,
}: {
  legal: LegalCommand[];
  view: JsonObject;
  seat: number | undefined;
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
}) {
  const rest = legal.filter(
    (c) =>
      c.commandType !== "place_worker" &&
      c.commandType !== "place_card" &&
      !(FIELD_COMMANDS.has(c.commandType) && c.args.card !== undefined && c.args.card !== null),
  );
  if (seat === undefined || legal.length === 0) return null;
  const me = obj(arr(view.players)[seat]);
  const task = obj(me.task);
  const space = arr(view.spaces)
    .map(obj)
    .find((s) => s.id === task.space);
  const actions = arr(space?.actions).map(String);
  const words = (c: LegalCommand) =>
    c.commandType === "start_action" && actions[num(c.args.action)]
      ? `Do: ${actions[num(c.args.action)]}`
      : label(c);
  return (
    <section className="at-taskbar" aria-label="your task">
      <strong>Your task: {STEP_WORDS[String(task.step)] ?? String(task.step)}.</strong>{" "}
      {legal.some((c) => c.commandType === "place_worker") && (
        <span>Click a highlighted space of the action board. </span>
      )}
      {legal.some((c) => FIELD_COMMANDS.has(c.commandType) && c.args.card !== undefined) && (
        <span>Click a highlighted field of your cards. </span>
      )}
      {legal.some((c) => c.commandType === "place_card") && (
        <span>Click a dashed place in your play area. </span>
      )}
      <div className="actions">
        {rest.map((c) => (
          <button
            key={label(c)}
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => onCommand(c)}
          >
            {words(c)}
          </button>
        ))}
      </div>
    </section>
  );
}

const CATEGORIES: [string, string][] = [
  ["gold", "Gold (AT-91)"],
  ["cards", "Cards (AT-92)"],
  ["supply_board", "Supply board (AT-93)"],
  ["trained_families", "Trained families (AT-94)"],
  ["fruit_bats", "Fruit bats over 10 (AT-95)"],
  ["food_shortage", "Food shortage (AT-96)"],
  ["total", "Total"],
  ["pollution_markers", "Pollution markers (tie-break, AT-97)"],
];

/** The end of the game: every seat's score by category, and the solo goal's conditions. */
function FinalScores({ final, players }: { final: JsonObject; players: string[] }) {
  const scores = arr(final.scores).map(obj);
  const winners = arr(final.winners).map(Number);
  const goal = obj(final.goal);
  return (
    <section className="at-section at-final" aria-label="final scores">
      <h3>Final scores</h3>
      <div className="at-area-wrap">
        <table className="at-supply">
          <thead>
            <tr>
              <th scope="col">category</th>
              {scores.map((_, s) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
                <th key={s} scope="col">
                  {players[s] ?? `seat ${s}`}
                  {winners.includes(s) ? " ★" : ""}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {CATEGORIES.map(([key, name]) => (
              <tr key={key} className={key === "total" ? "at-total" : ""}>
                <th scope="row">{name}</th>
                {scores.map((r, s) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
                  <td key={s}>{num(r[key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {goal.name !== undefined && (
        <>
          <p>
            <b>{String(goal.name)}</b>: the goal is {goal.met ? "met" : "not met"}.
          </p>
          <ul>
            {arr(goal.conditions)
              .map(obj)
              .map((c) => (
                <li key={String(c.condition)}>
                  {c.met ? "✔" : "✘"} {String(c.condition)}
                </li>
              ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function Board({ view, game, seat, legal, onCommand, busy }: BoardProps) {
  const catalog = useCatalog();
  const round = num(view.round);
  const spaces = arr(view.spaces).map(obj);
  const workerCommands = new Map(
    legal.filter((c) => c.commandType === "place_worker").map((c) => [String(c.args.space), c]),
  );
  const fieldCommands = new Map<string, LegalCommand[]>();
  for (const c of legal) {
    if (!FIELD_COMMANDS.has(c.commandType) || c.args.card === undefined || c.args.card === null)
      continue;
    const k = key(c.args.card, c.args.field);
    fieldCommands.set(k, [...(fieldCommands.get(k) ?? []), c]);
  }
  const cardCommands = legal.filter((c) => c.commandType === "place_card");
  const players = arr(view.players).map(obj);
  const ordered =
    seat === undefined ? players : [...players.slice(seat), ...players.slice(0, seat)];
  const breeding = arr(view.breeding).map((b) => arr(b));
  const stacks = obj(view.stacks);
  const bag = obj(view.bag);
  const solo = obj(view.solo);
  const spaceProps = { catalog, round, players: game.players, busy, onCommand };
  return (
    <div className="at-board">
      <p className="at-status">
        <b>Round {round} of 7</b> · {String(view.phase)} · start player{" "}
        {game.players[num(view.start_player)]} · deck {num(view.deck_size)} cards · bag{" "}
        {num(bag.no_gold)} empty / {num(bag.one_gold)} one gold / {num(bag.two_gold)} two gold
        {solo.name ? ` · solo: ${String(solo.name)}, ${String(solo.colour)} workers` : ""}
      </p>
      {view.final !== undefined && <FinalScores final={obj(view.final)} players={game.players} />}
      <TaskBar legal={legal} view={view} seat={seat} busy={busy} onCommand={onCommand} />
      <section className="at-section" aria-label="round track">
        <h3>
          Round track{" "}
          <span className="muted">
            breeding this round:{" "}
            {breeding.map((b) => `${num(b[1])}+ ${piece(b[0], 2)}`).join(", ") || "—"}
          </span>
        </h3>
        <div className="at-spaces at-track">
          {spaces
            .filter((s) => String(s.id).startsWith("R"))
            .map((s) => (
              <Space
                key={String(s.id)}
                space={s}
                command={workerCommands.get(String(s.id))}
                {...spaceProps}
              />
            ))}
        </div>
      </section>
      <section className="at-section" aria-label="action board">
        <h3>Action board</h3>
        <div className="at-spaces">
          {spaces
            .filter((s) => !String(s.id).startsWith("R"))
            .map((s) => (
              <Space
                key={String(s.id)}
                space={s}
                command={workerCommands.get(String(s.id))}
                {...spaceProps}
              />
            ))}
        </div>
      </section>
      <div className="at-row">
        <section className="at-section" aria-label="terrain display">
          <h3>Terrain display</h3>
          <div className="at-display">
            {arr(view.display).map((id, slot) => {
              const info = cardInfo(catalog, String(id));
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: display slots are positions
                <div key={slot} className="at-offer">
                  <span className="at-space-id">TT{slot + 1}</span>
                  {id === null ? (
                    <span className="muted">empty</span>
                  ) : (
                    <>
                      <strong>{String(info.name ?? id)}</strong>
                      <span>
                        {String(id)} · {num(info.points)} pts
                        {num(info.nature) ? ` · ${"♣".repeat(num(info.nature))}` : " · no ♣"}
                      </span>
                      <FieldTypes fields={arr(info.fields)} catalog={catalog} />
                    </>
                  )}
                </div>
              );
            })}
          </div>
        </section>
        <section className="at-section" aria-label="location cards">
          <h3>Location cards</h3>
          <div className="at-display">
            {LOCATIONS.map((kind) => {
              const info = obj(obj(catalog.locations)[kind]);
              if (info.name === undefined) return null;
              return (
                <div key={kind} className="at-offer">
                  <strong>{String(info.name)}</strong>
                  <span>
                    {num(info.points)} pts · {num(info.huts)} huts · {num(stacks[kind])} left
                  </span>
                  <span>
                    {num(info.cost_trees)} trees + {num(info.cost_gold_left)}/
                    {num(info.cost_gold_right)} gold
                  </span>
                  <FieldTypes fields={arr(info.fields)} catalog={catalog} />
                </div>
              );
            })}
          </div>
        </section>
      </div>
      {ordered.map((p) => {
        const s = num(p.seat);
        const mine = s === seat;
        return (
          <Player
            key={s}
            player={p}
            name={game.players[s] ?? `seat ${s}`}
            isMe={mine}
            catalog={catalog}
            fieldCommands={mine ? fieldCommands : new Map()}
            cardCommands={mine ? cardCommands : []}
            busy={busy}
            onCommand={onCommand}
          />
        );
      })}
      <p className="muted at-legend">
        Fields: H hut · A abandoned hut · W wild animal · B fruit bat · G goat · T tree (TW also a
        wild animal, TB also a bat) · F fruit · E empty (takes a piece already on that card) · ♣
        nature symbol.
      </p>
    </div>
  );
}
