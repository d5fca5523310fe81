// The seat's task bar: what the step asks for, where to press, and the moves that are not presses on the
// board (start an action, pass, pay, choose). It is where the focus goes when a move took its button away.
import type { LegalCommand } from "@playledger/client";
import type { RefObject } from "react";
import { type GameText, useGameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { actionOf, actionText, itemsText } from "./actions";
import { FIELD_COMMANDS, pressable } from "./common";
import { commandLabel, RULES } from "./words";

type View = ViewOf<"atiwa">;

/** A task-bar button's words: the action it starts or the alternative it chooses, in full. */
type Part = NonNullable<View["spaces"]>[number]["parts"][number];

function words(c: LegalCommand, parts: Part[], chosen: number | undefined, text: GameText) {
  const part = parts[Number(c.args.action)];
  if (c.commandType === "start_action" && part !== undefined)
    return text("task.do", { action: actionText(part, text) });
  const at = chosen === undefined ? undefined : parts[chosen];
  const choice = at === undefined ? undefined : actionOf(at);
  if (c.commandType === "choose_alternative" && choice?.kind === "choice") {
    const option = choice.options[Number(c.args.option)];
    if (option) return text("task.choose", { items: itemsText(option, text) });
  }
  return commandLabel(c, text);
}

export function TaskBar(props: {
  legal: LegalCommand[];
  view: View;
  seat: number | undefined;
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
  home: RefObject<HTMLElement | null>;
}) {
  const { legal, view, seat, busy, onCommand } = props;
  const text = useGameText(RULES);
  const rest = legal.filter(
    (c) =>
      c.commandType !== "place_worker" &&
      c.commandType !== "place_card" &&
      !(FIELD_COMMANDS.has(c.commandType) && c.args.card !== undefined && c.args.card !== null),
  );
  if (seat === undefined || legal.length === 0) return null;
  const task = view.players?.[seat]?.task;
  const parts = view.spaces?.find((s) => s.id === task?.space)?.parts ?? [];
  const has = (test: (c: LegalCommand) => boolean) => legal.some(test);
  return (
    <section
      className="at-taskbar"
      aria-labelledby="at-task-title"
      tabIndex={-1}
      ref={props.home}
      data-testid="at-task"
    >
      <strong id="at-task-title">
        {text("task.title", { step: text(`step.${task?.step ?? "idle"}`) })}
      </strong>{" "}
      {has((c) => c.commandType === "place_worker") && <span>{text("task.space")} </span>}
      {has((c) => FIELD_COMMANDS.has(c.commandType) && c.args.card !== undefined) && (
        <span>{text("task.field")} </span>
      )}
      {has((c) => c.commandType === "place_card") && <span>{text("task.slot")} </span>}
      <div className="actions">
        {rest.map((c) => (
          <button
            key={`${c.commandType}:${JSON.stringify(c.args)}`}
            type="button"
            className="primary"
            {...pressable(busy, () => onCommand(c))}
          >
            {words(c, parts, task?.action, text)}
          </button>
        ))}
      </div>
    </section>
  );
}
