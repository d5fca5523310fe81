// A player's side of the table: their stock, their task, the supply board and the play area.
import type { JsonObject, LegalCommand } from "@playledger/client";
import { useState } from "react";
import { arr, obj } from "./catalog";
import { num, ROWS, SEAT_COLOURS, STEP_WORDS } from "./common";
import { PlayArea } from "./PlayArea";
import { label, piece } from "./words";

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

export function Player({
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
      <Stats player={player} />
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

/** A player's stock in numbers: gold, bats, cards, nature, pollution, and what hunger or migration cost. */
function Stats({ player }: { player: JsonObject }) {
  return (
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
  );
}
