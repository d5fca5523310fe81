// Beside the forest: the revealed spell card and what is found of it, the race (the witch's steps, who
// searches and who flies, the live countdowns or Mode T's budget), a choice owed, and the big buttons.
import type { JsonValue, LegalCommand } from "@playledger/client";
import type { ViewOf } from "../types";
import { Countdown, list, record } from "./common";
import { cardName, cellName, choiceText, endName, ingredientName, label } from "./words";

type View = ViewOf<"baba-yaga">;

const BIG = [
  "reveal_spell",
  "step_witch",
  "end_search",
  "replace_house",
  "choose_target",
  "choose_house_timing",
  "move_lens",
];

export function SpellCard({ view }: { view: View }) {
  const card = view.card === null ? undefined : record(view.card);
  const up = list(view.forest)
    .map(record)
    .filter((t) => t.face_up === true)
    .map((t) => String(t.ingredient));
  return (
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
            {String(view.required)} needed · effect <strong>{String(card.effect_name)}</strong>:{" "}
            {String(card.effect_rule)}
          </p>
        </>
      )}
    </section>
  );
}

export function Race(props: {
  view: View;
  seat: number | undefined;
  now: number;
  name: (s: JsonValue | undefined) => string;
  swapping: boolean;
  swapFrom: string | undefined;
}) {
  const { view, seat, now, name } = props;
  const witch = view.witch === null ? undefined : record(view.witch);
  const race = view.race === null ? undefined : record(view.race);
  const choice = view.choice === null ? undefined : record(view.choice);
  const active = typeof view.active === "number" ? view.active : undefined;
  const steps = Number(witch?.steps ?? 0);
  const total = Number(witch?.total_steps ?? 0);
  return (
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
      <Timers view={view} now={now} />
      {choice && (
        <p className="by-choice">
          {name(active)} must {choiceText(choice.kind)}
          {props.swapping &&
            (props.swapFrom
              ? `: now click the second tile (first: ${cellName(props.swapFrom.split(",").map(Number))})`
              : ": click the first tile")}
          .
        </p>
      )}
    </section>
  );
}

function Timers({ view, now }: { view: View; now: number }) {
  const race = view.race === null ? undefined : record(view.race);
  return (
    <p className="by-timers">
      {race && view.mode === "R" && (
        <>
          <Countdown
            label="Witch may move"
            at={race.next_step_at_ms}
            now={now}
            testId="step-timer"
          />
          <Countdown
            label="Searcher's next action"
            at={race.next_search_at_ms}
            now={now}
            testId="search-timer"
          />
        </>
      )}
      {race && view.mode === "T" && (
        <span className="timer" data-testid="budget">
          {String(race.budget_left)} action points left ({String(race.cost_per_action)} per action,
          the witch moves every {String(race.actions_per_step)})
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
  );
}

export function BigButtons(props: {
  view: View;
  legal: LegalCommand[];
  now: number;
  busy: boolean;
  name: (s: JsonValue | undefined) => string;
  send: (c: LegalCommand) => void;
}) {
  const { legal, now, busy, name, send } = props;
  const race = props.view.race === null ? undefined : record(props.view.race);
  const stepAt = race?.next_step_at_ms;
  const waitFor = (c: LegalCommand): boolean =>
    c.commandType === "step_witch" && typeof stepAt === "number" && now < stepAt;
  const buttons = legal.filter((c) => BIG.includes(c.commandType));
  if (buttons.length === 0) return null;
  return (
    <div className="by-actions">
      {buttons.map((c) => (
        <button
          key={label(c)}
          type="button"
          className="primary by-action"
          data-action={c.commandType}
          disabled={busy || waitFor(c)}
          onClick={() => send(c)}
        >
          {c.commandType === "choose_target" ? `Target ${name(Number(c.args.player))}` : label(c)}
        </button>
      ))}
    </div>
  );
}
