// Beside the forest: the revealed spell card and what is found of it, the race (the witch's steps, who
// searches and who flies, the live countdowns or Mode T's budget), a choice owed, and the big buttons.
import type { LegalCommand } from "@playledger/client";
import type { EventContext, ViewOf } from "../types";
import { Countdown, list, record } from "./common";
import {
  cellName,
  choiceText,
  effectName,
  effectRule,
  endName,
  ingredientName,
  label,
  seatValues,
} from "./words";

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

export function SpellCard({ view, ctx }: { view: View; ctx: EventContext }) {
  const { text } = ctx;
  const card = view.card === null ? undefined : view.card;
  const up = list(view.forest)
    .map(record)
    .filter((t) => t.face_up === true)
    .map((t) => String(t.ingredient));
  return (
    <section aria-label={text("card.region")} className="by-card" data-testid="spell-card">
      <h3>
        {card ? text("card.title", { effect: effectName(card.effect, text) }) : text("card.none")}
      </h3>
      {card && (
        <>
          <ul>
            {card.ingredients.map((i) => {
              const found = up.includes(i);
              return (
                <li key={i} className={found ? "found" : ""}>
                  <span aria-hidden="true">{found ? "✓ " : "· "}</span>
                  {ingredientName(i, text)}
                  {found && <span className="visually-hidden"> ({text("card.found")})</span>}
                </li>
              );
            })}
          </ul>
          <p data-testid="needed" data-needed={String(view.required)}>
            {text("card.needed", {
              required: Number(view.required),
              effect: effectName(card.effect, text),
              rule: effectRule(card.effect, text),
            })}
          </p>
        </>
      )}
    </section>
  );
}

export function Race(props: {
  view: View;
  now: number;
  ctx: EventContext;
  swapping: boolean;
  swapFrom: string | undefined;
}) {
  const { view, now, ctx } = props;
  const { text } = ctx;
  const witch = view.witch;
  const race = view.race;
  const choice = view.choice;
  return (
    <section aria-label={text("race.region")} className="by-race" data-testid="race">
      {witch ? (
        <p>
          {text("race.witch", {
            end: endName(witch.end, text),
            steps: witch.steps,
            total: witch.total_steps,
          })}
          {witch.total_steps > 0 && (
            <progress max={witch.total_steps} value={witch.steps} aria-label={text("race.steps")} />
          )}
        </p>
      ) : (
        <p>{text("race.noWitch")}</p>
      )}
      {race && (
        <p data-blocked={race.blocked ? "yes" : undefined}>
          {roles(view, ctx)}
          {race.blocked && ` ${text("race.blocked")}`}
        </p>
      )}
      <Timers view={view} now={now} ctx={ctx} />
      {choice && (
        <p className="by-choice">
          {text("race.choice", {
            ...seatValues(view.active ?? undefined, ctx),
            what: choiceText(choice.kind, text),
          })}
          {props.swapping &&
            ` ${
              props.swapFrom
                ? text("race.swapSecond", { cell: cellName(props.swapFrom.split(",").map(Number)) })
                : text("race.swapFirst")
            }`}
        </p>
      )}
    </section>
  );
}

function roles(view: View, ctx: EventContext): string {
  const searcher = seatValues(view.active ?? undefined, ctx);
  const flyer = seatValues(view.race?.due_flyer, ctx);
  return ctx.text("race.roles", {
    searcherMine: searcher.mine,
    searcher: searcher.name,
    flyerMine: flyer.mine,
    flyer: flyer.name,
    hand: view.race?.last_hand ?? "none",
  });
}

function Timers({ view, now, ctx }: { view: View; now: number; ctx: EventContext }) {
  const { text } = ctx;
  const race = view.race;
  return (
    <p className="by-timers">
      {race && view.mode === "R" && (
        <>
          <Countdown
            label={text("timer.step")}
            text={text}
            at={race.next_step_at_ms}
            now={now}
            testId="step-timer"
          />
          <Countdown
            label={text("timer.search")}
            text={text}
            at={race.next_search_at_ms}
            now={now}
            testId="search-timer"
          />
        </>
      )}
      {race && view.mode === "T" && (
        <span className="timer" data-testid="budget">
          {text("budget", {
            left: Number(race.budget_left),
            cost: Number(race.cost_per_action),
            per: Number(race.actions_per_step),
          })}
        </span>
      )}
      <Countdown
        label={race ? text("timer.wakeRace") : text("timer.wake")}
        text={text}
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
  ctx: EventContext;
  send: (c: LegalCommand) => void;
}) {
  const { legal, now, busy, send, ctx } = props;
  const stepAt = props.view.race?.next_step_at_ms;
  const waitFor = (c: LegalCommand): boolean =>
    c.commandType === "step_witch" && typeof stepAt === "number" && now < stepAt;
  const buttons = legal.filter((c) => BIG.includes(c.commandType));
  if (buttons.length === 0) return null;
  return (
    <div className="by-actions">
      {buttons.map((c) => (
        <button
          key={`${c.commandType}:${JSON.stringify(c.args)}`}
          type="button"
          className="primary by-action"
          data-action={c.commandType}
          disabled={busy || waitFor(c)}
          onClick={() => send(c)}
        >
          {label(c, ctx)}
        </button>
      ))}
    </div>
  );
}
