// A player's side of the table: their stock, their task, the supply board and the play area (another
// player's folded away, a click from open, to keep the page short). On your own side the fields and open
// places you may use are one roving group; a field with several moves opens its choices (Escape closes them).
import type { JsonObject, LegalCommand } from "@playledger/client";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { useEscape } from "../../a11y/keyboard";
import { useRoving } from "../../a11y/roving";
import { type GameText, useGameText } from "../../i18n/text";
import { arr, obj } from "./catalog";
import { key, num, type PlayerView, pressable, ROWS, SEAT_COLOURS } from "./common";
import { PlayArea } from "./PlayArea";
import { commandLabel, pieceName, RULES, spaceName } from "./words";

function SupplyBoard({
  player,
  catalog,
  text,
}: {
  player: PlayerView;
  catalog: JsonObject;
  text: GameText;
}) {
  const values = obj(catalog.supply_board);
  const rows = ROWS.map((kind) => {
    const row = player.supply_board[kind] ?? { left: 0, value: 0 };
    const printed = arr(values[kind]).map(Number);
    const taken = printed.length - row.left;
    return { kind, ...row, next: taken < printed.length ? printed[taken] : "—" };
  });
  // One column a row of the board: five narrow columns, three lines (left, value now, next).
  return (
    <table className="at-supply">
      <caption>{text("supply.caption")}</caption>
      <thead>
        <tr>
          <td />
          {rows.map((r) => (
            <th key={r.kind} scope="col">
              {text(`kind.${r.kind}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {(["left", "value", "next"] as const).map((line) => (
          <tr key={line}>
            <th scope="row">{text(`supply.${line}`)}</th>
            {rows.map((r) => (
              <td key={r.kind}>{r[line]}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The keys of the roving group: each field with a move ("2:5") and each open place ("slot:2:3"). */
function targetKeys(
  player: PlayerView,
  fields: Map<string, LegalCommand[]>,
  slots: LegalCommand[],
) {
  const onCards = player.cards.flatMap((c) =>
    c.fields.map((_, i) => key(c.index, i + 1)).filter((k) => fields.has(k)),
  );
  return [...onCards, ...slots.map((c) => `slot:${num(c.args.row)}:${num(c.args.col)}`)];
}

export function Player(props: {
  player: PlayerView;
  name: string;
  isMe: boolean;
  /** Folded: the supply board and the cards behind a disclosure (another player's side). */
  folded: boolean;
  catalog: JsonObject;
  fieldCommands: Map<string, LegalCommand[]>;
  cardCommands: LegalCommand[];
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
}) {
  const { player, name, isMe, busy, onCommand } = props;
  const text = useGameText(RULES);
  const [picked, setPicked] = useState<string>();
  const from = useRef<Element | null>(null);
  const first = useRef<HTMLButtonElement>(null);
  const roving = useRoving(targetKeys(player, props.fieldCommands, props.cardCommands));
  const choices = picked ? (props.fieldCommands.get(picked) ?? []) : [];
  const unpick = () => {
    setPicked(undefined);
    if (from.current instanceof HTMLElement) from.current.focus();
  };
  useEscape(unpick, choices.length > 0);
  useEffect(() => {
    if (picked !== undefined) first.current?.focus();
  }, [picked]);
  const act = (c: LegalCommand) => {
    setPicked(undefined);
    onCommand(c);
  };
  // Beside the name and stock when drawn (shorter), with the cards when folded.
  const supply = <SupplyBoard player={player} catalog={props.catalog} text={text} />;
  return (
    <section
      className={`at-player${isMe ? " at-me" : ""}`}
      aria-labelledby={`at-player-${player.seat}`}
      style={{ borderTopColor: SEAT_COLOURS[player.seat % 4] }}
    >
      <div className="at-player-head">
        <div>
          <h3 id={`at-player-${player.seat}`}>{isMe ? text("player.you", { name }) : name}</h3>
          <Stats player={player} text={text} />
          <TaskLine player={player} text={text} />
        </div>
        {!props.folded && supply}
      </div>
      <Fold folded={props.folded} summary={text("player.more", { name })}>
        {props.folded && supply}
        <section
          className="at-area-wrap"
          data-scrolls
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
          tabIndex={0}
          aria-label={text("area.label", { name })}
        >
          <PlayArea
            player={player}
            catalog={props.catalog}
            fieldCommands={props.fieldCommands}
            cardCommands={props.cardCommands}
            picked={picked}
            onPick={(k) => {
              from.current = document.activeElement;
              setPicked(k);
            }}
            busy={busy}
            onCommand={act}
            roving={roving}
          />
        </section>
      </Fold>
      <Choices choices={choices} busy={busy} act={act} unpick={unpick} first={first} />
    </section>
  );
}

/** A player's supply board and cards: drawn, or folded behind a disclosure that opens them. */
function Fold(props: { folded: boolean; summary: string; children: ReactNode }) {
  const body = <div className="at-player-body">{props.children}</div>;
  if (!props.folded) return body;
  return (
    <details className="at-fold">
      <summary>{props.summary}</summary>
      {body}
    </details>
  );
}

/** The moves of a field that has several, and a way back. */
function Choices(props: {
  choices: LegalCommand[];
  busy: boolean;
  act: (c: LegalCommand) => void;
  unpick: () => void;
  first: RefObject<HTMLButtonElement | null>;
}) {
  const text = useGameText(RULES);
  if (props.choices.length === 0) return null;
  return (
    <fieldset className="actions at-choices">
      <legend className="visually-hidden">{text("choices.label")}</legend>
      {props.choices.map((c, i) => (
        <button
          key={commandLabel(c, text)}
          ref={i === 0 ? props.first : undefined}
          type="button"
          className="primary"
          {...pressable(props.busy, () => props.act(c))}
        >
          {commandLabel(c, text)}
        </button>
      ))}
      <button type="button" onClick={props.unpick}>
        {text("choices.cancel")}
      </button>
    </fieldset>
  );
}

/** What the seat is doing now: the step, the space, the pieces still to place, the food paid. */
function TaskLine({ player, text }: { player: PlayerView; text: GameText }) {
  const task = player.task;
  const parts = [text("player.task", { step: text(`step.${task.step}`) })];
  if (task.space) parts.push(text("player.space", { space: spaceName(task.space, text) }));
  if (task.to_place?.length)
    parts.push(
      text("player.toPlace", { pieces: task.to_place.map((k) => pieceName(k, text)).join(", ") }),
    );
  if (task.need !== undefined)
    parts.push(text("player.food", { paid: task.paid ?? 0, need: task.need }));
  return <p className="at-task">{parts.join(" · ")}</p>;
}

/** A player's stock in numbers: gold, bats, cards, nature, pollution, and what hunger or migration cost. */
function Stats({ player, text }: { player: PlayerView; text: GameText }) {
  const stats: [string, number][] = [
    ["stats.gold", player.gold],
    ["stats.bats", player.bats],
    ["stats.night", player.night_bats],
    ["stats.terrain", player.terrain_cards],
    ["stats.nature", player.nature_symbols],
    ["stats.pollution", player.pollution],
  ];
  if (player.shortage_penalty !== 0) stats.push(["stats.hunger", player.shortage_penalty]);
  if (player.families_removed !== 0) stats.push(["stats.gone", player.families_removed]);
  return (
    <p className="at-stats">
      {stats.map(([k, count]) => (
        <span key={k}>{text(k, { count })}</span>
      ))}
    </p>
  );
}
