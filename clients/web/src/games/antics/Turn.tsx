// Where the turn stands (round, whose turn, markers, the action under way, an anteater's meal, the last
// turns) and, on your turn, the buttons drawn on the board that belong to no place: the magnificANT's five
// actions, Finish the action, End the turn, and the choice a place with several moves asks for.
import type { LegalCommand } from "@playledger/client";
import { type RefObject, useEffect, useRef } from "react";
import type { GameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { commandLabel, hexName, mealName, tokenName } from "./words";

type View = ViewOf<"antics">;

export interface Choice {
  /** The place pressed ("path:S13"), named where the choice is drawn (in the language of the time). */
  place: string;
  title: string;
  commands: LegalCommand[];
  from: Element | null;
}

export function Status({ view, players, text }: { view: View; players: string[]; text: GameText }) {
  const pending = view.pending;
  if (view.end_reason)
    return <p className="an-status">{text("status.over", { round: view.round })}</p>;
  const parts = [
    text("status.round", {
      round: view.round,
      name: players[view.current] ?? "",
      you: view.seat === view.current ? "yes" : "no",
    }),
    text("status.markers", { markers: view.markers, actions: view.actions }),
  ];
  if (view.magnificant_used) parts.push(text("status.magnificant"));
  if (pending)
    parts.push(
      text("status.pending", {
        action: hexName(pending.action, text),
        level: pending.level,
        remaining: pending.remaining,
      }),
    );
  if (view.feeding) parts.push(text("status.feeding", { meal: mealName(view.feeding.meal, text) }));
  if (view.exhausted.length > 0)
    parts.push(
      text("status.exhausted", { prey: view.exhausted.map((t) => tokenName(t, text)).join(", ") }),
    );
  if (view.final_turns_left !== null)
    parts.push(text("status.lastTurns", { count: view.final_turns_left }));
  return (
    <p className="an-status" data-testid="an-status">
      {parts.join(" · ")}
    </p>
  );
}

export function TurnBar(props: {
  view: View;
  legal: LegalCommand[];
  players: string[];
  text: GameText;
  busy: boolean;
  choice: Choice | undefined;
  building: boolean;
  onCommand: (c: LegalCommand) => void;
  onCancel: () => void;
  home: RefObject<HTMLElement | null>;
}) {
  const { view, legal, players, text, busy, choice, onCommand } = props;
  const magnificant = legal.filter((c) => c.commandType === "use_magnific_ant");
  const own = legal.filter(
    (c) => c.commandType === "finish_action" || c.commandType === "end_turn",
  );
  if (legal.length === 0) return null;
  return (
    <section
      className="an-turnbar"
      aria-labelledby="an-turn-title"
      ref={props.home as RefObject<HTMLElement>}
      tabIndex={-1}
    >
      <h3 id="an-turn-title">{text("turn.title")}</h3>
      <p className="an-note">{text(hint(view, props.building, legal))}</p>
      {choice && <Choices {...props} choice={choice} />}
      {magnificant.length > 0 && (
        <div className="an-row">
          <span>{text("turn.magnificant")}:</span>
          {magnificant.map((c) => (
            <button
              key={String(c.args.action)}
              type="button"
              className="clickable"
              data-command={c.commandType}
              data-action={String(c.args.action)}
              aria-label={commandLabel(c, text, view, players)}
              aria-disabled={busy || undefined}
              onClick={() => !busy && onCommand(c)}
            >
              {hexName(c.args.action, text)}
            </button>
          ))}
        </div>
      )}
      <div className="an-row">
        {own.map((c) => (
          <button
            key={c.commandType}
            type="button"
            className="clickable"
            data-command={c.commandType}
            aria-disabled={busy || undefined}
            onClick={() => !busy && onCommand(c)}
          >
            {commandLabel(c, text, view, players)}
          </button>
        ))}
      </div>
    </section>
  );
}

/** What the board asks of you now, in a sentence. */
function hint(view: View, building: boolean, legal: LegalCommand[]): string {
  if (view.feeding) return "hint.feeding";
  if (building) return "hint.building";
  const action = view.pending?.action;
  if (action) return `hint.${action}`;
  if (legal.some((c) => c.commandType === "use_hex")) return "hint.markers";
  return legal.some((c) => c.commandType === "use_magnific_ant") ? "hint.magnificant" : "hint.end";
}

function Choices(props: {
  choice: Choice;
  view: View;
  players: string[];
  text: GameText;
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
  onCancel: () => void;
}) {
  const { choice, view, players, text, busy, onCommand, onCancel } = props;
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <fieldset className="an-choices">
      <legend>
        <b>{choice.title}</b>
      </legend>
      {choice.commands.map((c, i) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: the server's order
          key={i}
          ref={i === 0 ? first : undefined}
          type="button"
          className="clickable"
          data-command={c.commandType}
          data-args={JSON.stringify(c.args)}
          aria-disabled={busy || undefined}
          onClick={() => !busy && onCommand(c)}
        >
          {commandLabel(c, text, view, players)}
        </button>
      ))}
      <button type="button" className="an-cancel" onClick={onCancel}>
        {text("choices.cancel")}
      </button>
    </fieldset>
  );
}
