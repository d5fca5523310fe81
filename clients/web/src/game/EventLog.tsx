// What just happened: each event as a short sentence, newest first.
import type { GameEvent } from "@playledger/client";
import { uiFor } from "../games/registry";

export function EventLog(props: {
  rules: string;
  events: GameEvent[];
  players: string[];
  mySeat: number | undefined;
}) {
  const ui = uiFor(props.rules);
  const recent = props.events.slice(-60).reverse();
  return (
    <section className="events" aria-label="what happened">
      <h2>What happened</h2>
      <ol aria-live="polite" data-testid="events">
        {recent.map((e) => (
          <li key={e.version} data-type={e.type}>
            <span className="muted">v{e.version}</span>{" "}
            {ui.describe(e, { players: props.players, mySeat: props.mySeat })}
          </li>
        ))}
      </ol>
    </section>
  );
}
