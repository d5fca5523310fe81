// Every player's role, spells cast, stack and what lies in front of them; the last round's result, and the
// effects applying this turn.
import type { EventContext, ViewOf } from "../types";
import { LastRound } from "./cells";
import { role } from "./common";
import { cardName, effectName } from "./words";

export function PlayersTable(props: {
  view: ViewOf<"baba-yaga">;
  seat: number | undefined;
  goal: number;
  ctx: EventContext;
}) {
  const { view, seat, ctx, goal } = props;
  const { text, players } = ctx;
  const house = view.house;
  const active = typeof view.active === "number" ? view.active : undefined;
  return (
    <>
      <section
        className="table-wrap"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
        tabIndex={0}
        aria-label={text("players.region")}
      >
        <table className="by-players">
          <thead>
            <tr>
              <th scope="col">{text("players.player")}</th>
              <th scope="col">{text("players.role")}</th>
              <th scope="col">{text("players.spells")}</th>
              <th scope="col">{text("players.stack")}</th>
              <th scope="col">{text("players.front")}</th>
            </tr>
          </thead>
          <tbody>
            {players.map((p, s) => {
              const casts = view.casts[s] ?? 0;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
                <tr key={s} className={s === active ? "active" : ""} data-seat={s}>
                  <th scope="row">{s === seat ? text("players.you", { name: p }) : p}</th>
                  <td>{role(view, s, text)}</td>
                  <td>
                    <span aria-hidden="true">
                      {"★".repeat(casts)}
                      {"☆".repeat(Math.max(0, goal - casts))}{" "}
                    </span>
                    {text("players.casts", { casts, goal })}
                    {casts > 0 &&
                      ` · ${(view.cast_cards[s] ?? []).map((c) => cardName(c, text)).join(" · ")}`}
                  </td>
                  <td>{view.stack_sizes[s] ?? 0}</td>
                  <td>
                    {view.pending
                      .filter((pc) => pc.target === s)
                      .map((pc) =>
                        text("players.pending", {
                          effect: effectName(pc.effect, text),
                          name: players[pc.caster] ?? "",
                        }),
                      )
                      .join(", ")}
                    {house.where === "player" && house.holder === s
                      ? ` ${text("players.house")}`
                      : ""}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <LastRound round={view.last_round} ctx={ctx} />
      {view.applying.length > 0 && (
        <p className="muted">
          {text("applying", {
            effects: view.applying.map((a) => effectName(a.effect, text)).join(", "),
            slow: view.slow_hand ? "yes" : "no",
          })}
        </p>
      )}
    </>
  );
}
