// The meadow (paths, sites, ants and what they carry), the display with its anteaters, the hatcheries
// and every ant-hill with its levels. Scouting a tile and placing a marker on a hex are clicks on the
// board; every other move is in the list of moves below it.
import type { JsonValue, LegalCommand } from "@playledger/client";
import type { BoardProps, ViewOf } from "../types";
import { AntHill } from "./AntHill";
import { Hatcheries, Meadow } from "./Meadow";
import { CELL, list, record, TOKEN_SHORT } from "./view";
import { label, name, SEAT_NAME } from "./words";

type View = ViewOf<"antics">;

function Clickable({
  command,
  busy,
  onCommand,
  children,
  className,
}: {
  command: LegalCommand | undefined;
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
  children: React.ReactNode;
  className?: string;
}) {
  if (!command)
    return (
      <div className={className} style={CELL}>
        {children}
      </div>
    );
  return (
    <button
      type="button"
      className={`${className ?? ""} clickable`}
      style={{ ...CELL, cursor: "pointer", outline: "3px solid #1e88e5" }}
      disabled={busy}
      aria-label={label(command)}
      onClick={() => onCommand(command)}
    >
      {children}
    </button>
  );
}

function Display({ view, legal, busy, onCommand }: BoardProps<View>) {
  const tiles = record(view.tiles);
  const rows = list(view.display).map(record);
  const hexes = (id: JsonValue) =>
    list(tiles[String(id)])
      .map((h) => name(h))
      .join(" / ");
  return (
    <section className="antics-display" aria-label="the display">
      <h3>
        Display · bag {String(view.bag_size)} tiles · next anteater meal: {name(view.next_meal)}
      </h3>
      <div
        style={{
          display: "grid",
          gridTemplateColumns: "auto repeat(6, minmax(40px, 1fr))",
          gap: 4,
        }}
      >
        <span />
        {[1, 2, 3, 4, 5, 6].map((c) => (
          <span key={c} style={{ textAlign: "center", fontSize: 12 }}>
            col {c}
          </span>
        ))}
        {rows.map((row, r) => {
          const rowNo = r + 1;
          const anteater = Number(row.anteater);
          const slots = list(row.tiles);
          return [
            <span key={`h${rowNo}`} style={{ fontSize: 12, alignSelf: "center" }}>
              row {rowNo}
            </span>,
            ...[1, 2, 3, 4, 5, 6].map((col) => {
              const tile = slots[col - 1];
              const scout = legal.find(
                (c) =>
                  c.commandType === "scout_tile" && c.args.row === rowNo && c.args.column === col,
              );
              if (col === anteater)
                return (
                  <div key={col} style={{ ...CELL, background: "#5d4037", color: "#fff" }}>
                    Anteater
                  </div>
                );
              return (
                <Clickable key={col} command={scout} busy={busy} onCommand={onCommand}>
                  {tile === null || tile === undefined ? "·" : hexes(tile)}
                </Clickable>
              );
            }),
          ];
        })}
      </div>
    </section>
  );
}

export function Board(props: BoardProps<View>) {
  const { view, game, seat, legal, busy, onCommand } = props;
  const players = list(view.players).map(record);
  const names = game.players.map((p) => p || "");
  const pending = record(view.pending);
  const used = new Set(list(view.used_hexes).map((h) => list(h).map(String).join(",")));
  const current = Number(view.current);
  return (
    <div className="antics-board">
      <p className="muted">
        Round {String(view.round)} · {names[current] || `Seat ${current}`} to play · markers{" "}
        {String(view.markers)} of {String(view.actions)}
        {view.magnificant_used === true ? " · magnificANT used" : ""}
        {pending.action !== undefined &&
          ` · ${name(pending.action)} at level ${String(pending.level)}, ${String(pending.remaining)} move(s) left`}
        {view.feeding !== null && view.feeding !== undefined && " · an anteater waits for its meal"}
        {list(view.exhausted).length > 0 &&
          ` · prey gone: ${list(view.exhausted)
            .map((t) => TOKEN_SHORT[String(t)])
            .join(", ")}`}
        {view.final_turns_left !== null &&
          view.final_turns_left !== undefined &&
          ` · last turns: ${String(view.final_turns_left)}`}
      </p>
      <Display {...props} />
      <div style={{ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "flex-start" }}>
        <Meadow view={view} />
        <Hatcheries view={view} seats={players.length} />
      </div>
      <div style={{ display: "flex", flexWrap: "wrap" }}>
        {players.map((p, s) => (
          <AntHill
            key={SEAT_NAME[s]}
            player={p}
            seat={s}
            players={names}
            isMe={s === seat}
            legal={legal}
            busy={busy}
            onCommand={onCommand}
            used={used}
          />
        ))}
      </div>
    </div>
  );
}
