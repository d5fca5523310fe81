// Every player's role, spells cast, stack and what lies in front of them; the last round's result, and the
// effects applying this turn.
import type { JsonValue } from "@playledger/client";
import type { ViewOf } from "../types";
import { LastRound } from "./cells";
import { list, record, role } from "./common";
import { cardName, effectName } from "./words";

export function PlayersTable(props: {
  view: ViewOf<"baba-yaga">;
  players: string[];
  seat: number | undefined;
  name: (s: JsonValue | undefined) => string;
}) {
  const { view, players, seat, name } = props;
  const house = record(view.house);
  const active = typeof view.active === "number" ? view.active : undefined;
  return (
    <>
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
    </>
  );
}
