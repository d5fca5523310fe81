// The 5×5 forest around the witch's cross, the witch, the House, the revealed spell card, every
// player's spells and the cards lying in front of them, and the race's timers as live countdowns.
// Tiles, ends and the House are clicked where the server lists a command for them; the other moves
// are the big buttons under the board (and the list of moves beside it). Drawn from the view alone.
import type { JsonObject, JsonValue, LegalCommand } from "@playledger/client";
import { type ReactElement, useEffect, useMemo, useState } from "react";
import type { BoardProps } from "../registry";
import "./board.css";
import {
  cardName,
  cellName,
  choiceText,
  effectName,
  endName,
  ingredientName,
  label,
  loadCatalog,
} from "./words";

const CELL = 76;
const MARGIN = CELL; // room for the spare path tile of E-EXTEND beyond an end (drawn only then)
const ENDS: Record<string, [number, number]> = { N: [0, 2], S: [4, 2], W: [2, 0], E: [2, 4] };
const QUADRANTS: Record<string, [number, number]> = {
  NW: [0, 0],
  NE: [0, 3],
  SW: [3, 0],
  SE: [3, 3],
};

function list(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}
function record(value: JsonValue | undefined): JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? value : {};
}
function sameCell(a: JsonValue | undefined, r: number, c: number): boolean {
  return Array.isArray(a) && Number(a[0]) === r && Number(a[1]) === c;
}
function key(r: number, c: number): string {
  return `${r},${c}`;
}

/** The server's clock as this page estimates it (Game.read_time against the browser's clock), ticking. */
function useServerNow(readTime: Date | undefined): number {
  const offset = useMemo(() => (readTime ? readTime.getTime() - Date.now() : 0), [readTime]);
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now() + offset), 100);
    setNow(Date.now() + offset);
    return () => window.clearInterval(timer);
  }, [offset]);
  return now;
}

function seconds(ms: number): string {
  return `${Math.max(0, ms / 1000).toFixed(1)} s`;
}

function Countdown(props: {
  label: string;
  at: JsonValue | undefined;
  now: number;
  testId: string;
  /** A deadline (red once passed) rather than a wait (green once over). */
  deadline?: boolean;
}) {
  if (typeof props.at !== "number" || props.at <= 0) return null;
  const left = props.at - props.now;
  const over = props.deadline ? "timer due" : "timer ready";
  return (
    <span className={left <= 0 ? over : "timer"} data-testid={props.testId}>
      {props.label} {left <= 0 ? "now" : `in ${seconds(left)}`}
    </span>
  );
}

export function Board({ view, game, seat, legal, onCommand, busy }: BoardProps) {
  const [, setLoaded] = useState(0);
  const [swapFrom, setSwapFrom] = useState<string>();
  useEffect(() => {
    void loadCatalog().then(() => setLoaded((n) => n + 1));
  }, []);
  const now = useServerNow(game.readTime);
  const players = game.players;
  const name = (s: JsonValue | undefined) =>
    typeof s === "number" ? (s === seat ? "You" : (players[s] ?? `Seat ${s}`)) : "—";

  const forest = new Map(list(view.forest).map((t) => [key(...cellOf(record(t).cell)), record(t)]));
  const witch = view.witch === null ? undefined : record(view.witch);
  const path = list(witch?.path).map((c) => cellOf(c));
  const onPath = new Set(path.map(([r, c]) => key(r, c)));
  const witchAt = witch?.cell ? cellOf(witch.cell) : undefined;
  const card = view.card === null ? undefined : record(view.card);
  const wanted = new Set(list(card?.ingredients).map(String));
  const race = view.race === null ? undefined : record(view.race);
  const choice = view.choice === null ? undefined : record(view.choice);
  const house = record(view.house);
  const lens = view.keyhole === null ? undefined : String(record(view.keyhole).lens);
  const active = typeof view.active === "number" ? view.active : undefined;

  const byType = (type: string) => legal.filter((c) => c.commandType === type);
  const cellCommand = (r: number, c: number): LegalCommand | undefined =>
    legal.find(
      (cmd) =>
        ["flip_up", "flip_down", "place_house", "move_house"].includes(cmd.commandType) &&
        sameCell(cmd.args.cell, r, c),
    ) ?? legal.find((cmd) => cmd.commandType === "place_witch" && endAt(cmd.args.end, r, c));
  const swaps = byType("swap_tiles");
  const lift = byType("lift_house")[0];
  const send = (c: LegalCommand) => {
    setSwapFrom(undefined);
    onCommand(c);
  };
  const clickCell = (r: number, c: number) => {
    if (swaps.length) {
      const here = key(r, c);
      if (swapFrom === undefined || swapFrom === here) {
        setSwapFrom(swapFrom === here ? undefined : here);
        return;
      }
      const [fr, fc] = swapFrom.split(",").map(Number) as [number, number];
      const swap = swaps.find((s) => sameCell(s.args.a, fr, fc) && sameCell(s.args.b, r, c));
      if (swap) send(swap);
      return;
    }
    const cmd = sameCell(house.cell, r, c) && lift ? lift : cellCommand(r, c);
    if (cmd) send(cmd);
  };
  const clickable = (r: number, c: number): string | undefined => {
    if (busy) return undefined;
    if (swaps.length && forest.has(key(r, c)))
      return swapFrom === undefined
        ? `choose ${cellName([r, c])} to swap`
        : `swap with ${cellName([r, c])}`;
    if (sameCell(house.cell, r, c) && lift) return "lift the House";
    const cmd = cellCommand(r, c);
    return cmd ? label(cmd) : undefined;
  };

  const cells: ReactElement[] = [];
  for (let r = -1; r <= 5; r++) {
    for (let c = -1; c <= 5; c++) {
      const inside = r >= 0 && r <= 4 && c >= 0 && c <= 4;
      const isPath = r === 2 || c === 2;
      if (!inside && !onPath.has(key(r, c))) continue;
      const x = MARGIN + c * CELL;
      const y = MARGIN + r * CELL;
      const action = clickable(r, c);
      const tile = forest.get(key(r, c));
      const props = action
        ? {
            role: "button",
            tabIndex: 0,
            "aria-label": action,
            onClick: () => clickCell(r, c),
            onKeyDown: (e: React.KeyboardEvent) => {
              if (e.key === "Enter" || e.key === " ") clickCell(r, c);
            },
          }
        : {};
      cells.push(
        <g
          key={key(r, c)}
          data-cell={key(r, c)}
          className={[
            "by-cell",
            action ? "clickable" : "",
            swapFrom === key(r, c) ? "selected" : "",
          ].join(" ")}
          {...props}
        >
          {tile ? (
            <ForestCell tile={tile} x={x} y={y} wanted={wanted} />
          ) : (
            <PathCell
              x={x}
              y={y}
              spare={!inside}
              onPath={onPath.has(key(r, c))}
              end={Object.entries(ENDS).find(([, [er, ec]]) => er === r && ec === c)?.[0]}
              centre={isPath && r === 2 && c === 2}
            />
          )}
        </g>,
      );
    }
  }

  // The forest's 5×5 square, plus a row or column wherever E-EXTEND's spare tile lies beyond an end.
  const rows = [0, 4, ...path.map(([r]) => r)];
  const cols = [0, 4, ...path.map(([, c]) => c)];
  const box = {
    x: MARGIN + Math.min(...cols) * CELL,
    y: MARGIN + Math.min(...rows) * CELL,
    w: (Math.max(...cols) - Math.min(...cols) + 1) * CELL,
    h: (Math.max(...rows) - Math.min(...rows) + 1) * CELL,
  };
  const quadrant = lens ? QUADRANTS[lens] : undefined;
  const steps = Number(witch?.steps ?? 0);
  const total = Number(witch?.total_steps ?? 0);
  const bigButtons = legal.filter((c) =>
    [
      "reveal_spell",
      "step_witch",
      "end_search",
      "replace_house",
      "choose_target",
      "choose_house_timing",
      "move_lens",
    ].includes(c.commandType),
  );
  const stepAt = race?.next_step_at_ms;
  const searchAt = race?.next_search_at_ms;
  const waitFor = (c: LegalCommand): boolean => {
    if (c.commandType === "step_witch" && typeof stepAt === "number") return now < stepAt;
    return false;
  };
  const up = list(view.forest)
    .map(record)
    .filter((t) => t.face_up === true)
    .map((t) => String(t.ingredient));

  return (
    <div className="by-board">
      <p className="muted by-summary">
        {view.mode === "R" ? "Real-time race" : "Turn-based race"} · turn {String(view.turn)} of{" "}
        {String(view.max_turns)} · phase <strong>{String(view.phase).replace(/_/g, " ")}</strong>
        {view.fearless === true && " · fearless"}
      </p>
      <div className="by-row">
        <svg
          viewBox={`${box.x - 6} ${box.y - 6} ${box.w + 12} ${box.h + 12}`}
          role="img"
          aria-label="the forest and the witch's paths"
          className="by-forest"
        >
          {cells}
          {quadrant && (
            <rect
              x={MARGIN + quadrant[1] * CELL - 4}
              y={MARGIN + quadrant[0] * CELL - 4}
              width={2 * CELL + 8}
              height={2 * CELL + 8}
              className="by-lens"
            />
          )}
          {witchAt && (
            <g className="by-witch" data-testid="witch">
              <circle
                cx={MARGIN + witchAt[1] * CELL + CELL / 2}
                cy={MARGIN + witchAt[0] * CELL + CELL / 2}
                r={CELL / 3}
              />
              <text
                x={MARGIN + witchAt[1] * CELL + CELL / 2}
                y={MARGIN + witchAt[0] * CELL + CELL / 2 + 5}
                textAnchor="middle"
              >
                Witch
              </text>
            </g>
          )}
        </svg>
        <div className="by-side">
          <section aria-label="the spell card" className="by-card">
            <h3>{card ? `Spell ${cardName(card.card)}` : "No spell card revealed"}</h3>
            {card && (
              <>
                <ul>
                  {list(card.ingredients).map((i) => (
                    <li key={String(i)} className={up.includes(String(i)) ? "found" : ""}>
                      {up.includes(String(i)) ? "✓ " : "· "}
                      {ingredientName(i)}
                    </li>
                  ))}
                </ul>
                <p>
                  {String(view.required)} needed · effect{" "}
                  <strong>{String(card.effect_name)}</strong>: {String(card.effect_rule)}
                </p>
              </>
            )}
          </section>
          <section aria-label="the race" className="by-race" data-testid="race">
            {witch ? (
              <p>
                Witch from the {endName(witch.end)} end: step {steps} of {total}
                {total > 0 && <progress max={total} value={steps} aria-label="witch steps" />}
              </p>
            ) : (
              <p>The witch is not on the board.</p>
            )}
            {race && (
              <p>
                {name(active)} search{active === seat ? "" : "es"}; {name(race.due_flyer)} move
                {race.due_flyer === seat ? "" : "s"} the witch next
                {race.last_hand ? ` (last hand ${String(race.last_hand)})` : ""}.
                {race.blocked === true && " A wrong tile must be turned back first."}
              </p>
            )}
            <p className="by-timers">
              {race && view.mode === "R" && (
                <>
                  <Countdown label="Witch may move" at={stepAt} now={now} testId="step-timer" />
                  <Countdown
                    label="Searcher's next action"
                    at={searchAt}
                    now={now}
                    testId="search-timer"
                  />
                </>
              )}
              {race && view.mode === "T" && (
                <span className="timer" data-testid="budget">
                  {String(race.budget_left)} action points left ({String(race.cost_per_action)} per
                  action, the witch moves every {String(race.actions_per_step)})
                </span>
              )}
              <Countdown
                label={race ? "The witch flies on by herself" : "Time runs out"}
                at={view.wake_at_ms}
                now={now}
                testId="wake-timer"
                deadline
              />
            </p>
            {choice && (
              <p className="by-choice">
                {name(active)} must {choiceText(choice.kind)}
                {swaps.length > 0 &&
                  (swapFrom
                    ? `: now click the second tile (first: ${cellName(swapFrom.split(",").map(Number))})`
                    : ": click the first tile")}
                .
              </p>
            )}
          </section>
          {bigButtons.length > 0 && (
            <div className="by-actions">
              {bigButtons.map((c) => (
                <button
                  key={label(c)}
                  type="button"
                  className="primary by-action"
                  data-action={c.commandType}
                  disabled={busy || waitFor(c)}
                  onClick={() => send(c)}
                >
                  {c.commandType === "choose_target"
                    ? `Target ${name(Number(c.args.player))}`
                    : label(c)}
                </button>
              ))}
            </div>
          )}
        </div>
      </div>
      <table className="by-players">
        <thead>
          <tr>
            <th>Player</th>
            <th>Role</th>
            <th>Spells cast</th>
            <th>Stack</th>
            <th>In front of them</th>
          </tr>
        </thead>
        <tbody>
          {players.map((p, s) => (
            <tr key={p + String(s)} className={s === active ? "active" : ""}>
              <td>{s === seat ? `${p} (you)` : p}</td>
              <td>{role(view, s)}</td>
              <td>
                {"★".repeat(Number(list(view.casts)[s] ?? 0))}
                {"☆".repeat(Math.max(0, 3 - Number(list(view.casts)[s] ?? 0)))}{" "}
                {list(list(view.cast_cards)[s]).map(cardName).join(", ")}
              </td>
              <td>{String(list(view.stack_sizes)[s] ?? 0)}</td>
              <td>
                {list(view.pending)
                  .map(record)
                  .filter((pc) => pc.target === s)
                  .map((pc) => `${effectName(pc.effect)} (from ${name(pc.caster)})`)
                  .join(", ")}
                {house.where === "player" && house.holder === s ? " the House" : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <LastRound round={view.last_round} name={name} />
      {list(view.applying).length > 0 && (
        <p className="muted">
          Applying this turn:{" "}
          {list(view.applying)
            .map((a) => effectName(record(a).effect))
            .join(", ")}
          {view.slow_hand === true && " (slow hand)"}
        </p>
      )}
    </div>
  );
}

function cellOf(value: JsonValue | undefined): [number, number] {
  const c = list(value);
  return [Number(c[0]), Number(c[1])];
}

function endAt(end: JsonValue | undefined, r: number, c: number): boolean {
  const at = ENDS[String(end)];
  return at !== undefined && at[0] === r && at[1] === c;
}

function role(view: JsonObject, s: number): string {
  if (view.active === null || view.active === undefined) return "";
  if (view.active === s) return "searching";
  const race = view.race === null ? undefined : record(view.race);
  if (race && race.due_flyer === s) return "flies the witch next";
  if (view.phase === "place_witch" && view.placer === s) return "places the witch";
  return list(view.flyers).includes(s) ? "flyer" : "";
}

function ForestCell(props: { tile: JsonObject; x: number; y: number; wanted: Set<string> }) {
  const { tile, x, y } = props;
  const inSight = tile.in_sight !== false;
  const up = tile.face_up === true;
  const ingredient = tile.ingredient === null ? undefined : String(tile.ingredient);
  const state = !inSight
    ? "dark"
    : tile.house === true
      ? "house"
      : up
        ? props.wanted.has(ingredient ?? "")
          ? "right"
          : "wrong"
        : ingredient
          ? "shown"
          : "down";
  const words = !inSight
    ? ["out of", "sight"]
    : tile.house === true
      ? ["House"]
      : ingredient
        ? split(ingredientName(ingredient))
        : split(String(tile.clue ?? "").replace(/-/g, " "));
  return (
    <>
      <rect
        x={x + 3}
        y={y + 3}
        width={CELL - 6}
        height={CELL - 6}
        rx={10}
        className={`by-tile ${state}`}
      />
      {words.map((w, i) => (
        <text
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one label
          key={i}
          x={x + CELL / 2}
          y={y + CELL / 2 + (i - (words.length - 1) / 2) * 15 + 4}
          textAnchor="middle"
          className={state === "down" || state === "dark" ? "by-clue" : "by-name"}
        >
          {w}
        </text>
      ))}
      <text x={x + 8} y={y + 16} className="by-coord">
        {cellName([Number(list(tile.cell)[0]), Number(list(tile.cell)[1])])}
      </text>
    </>
  );
}

function PathCell(props: {
  x: number;
  y: number;
  onPath: boolean;
  spare: boolean;
  end: string | undefined;
  centre: boolean;
}) {
  const { x, y } = props;
  return (
    <>
      <rect
        x={x + 3}
        y={y + 3}
        width={CELL - 6}
        height={CELL - 6}
        rx={CELL / 2}
        className={`by-path${props.onPath ? " on" : ""}${props.spare ? " spare" : ""}`}
      />
      {props.end && (
        <text x={x + CELL / 2} y={y + 16} textAnchor="middle" className="by-coord">
          {props.end}
        </text>
      )}
      {props.spare && (
        <text x={x + CELL / 2} y={y + CELL - 10} textAnchor="middle" className="by-coord">
          spare
        </text>
      )}
    </>
  );
}

function split(text: string): string[] {
  const words = text.split(" ");
  const lines: string[] = [];
  for (const w of words) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + w.length < 9) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  return lines.slice(0, 3);
}

function LastRound(props: {
  round: JsonValue | undefined;
  name: (s: JsonValue | undefined) => string;
}) {
  if (props.round === null || props.round === undefined) return null;
  const r = record(props.round);
  const found = list(r.correct).map(ingredientName).join(", ") || "nothing";
  return (
    <p className="by-last" data-testid="last-round">
      Last round: {props.name(r.seat)} {r.cast === true ? `cast ${cardName(r.card)}` : "failed"} —
      found {found}
      {list(r.wrong).length ? `; wrong: ${list(r.wrong).map(ingredientName).join(", ")}` : ""} (
      {String(r.required)} needed).
    </p>
  );
}
