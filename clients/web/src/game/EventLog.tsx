// What just happened: each event as a short sentence, newest first, in a box that scrolls (the page
// stays short however long the game). Screen readers hear news through the announcer, not this list.
import type { GameEvent } from "@playledger/client";
import type { EventContext, GameUI } from "../games/types";
import { useT } from "../i18n/text";
import { describeEvent } from "./tableWords";

const SHOWN = 60;

export function EventLog(props: { ui: GameUI<unknown>; ctx: EventContext; events: GameEvent[] }) {
  const t = useT();
  const recent = props.events.slice(-SHOWN).reverse();
  return (
    <section className="events" aria-labelledby="events-title">
      <h2 id="events-title">{t("events.title")}</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard */}
      <ol data-testid="events" tabIndex={0} aria-labelledby="events-title">
        {recent.map((e) => (
          <li key={e.version} data-type={e.type}>
            <span className="muted">v{e.version}</span> {describeEvent(props.ui, e, props.ctx)}
          </li>
        ))}
      </ol>
    </section>
  );
}
