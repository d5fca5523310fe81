// The seat's task bar: what the step asks for, where to click, and the moves that are not clicks on the board
// (start an action, pass, pay, choose).
import type { LegalCommand } from "@playledger/client";
import type { ViewOf } from "../types";
import { arr, obj } from "./catalog";
import { FIELD_COMMANDS, num, STEP_WORDS } from "./common";
import { label } from "./words";

export function TaskBar({
  legal,
  view,
  seat,
  busy,
  onCommand,
}: {
  legal: LegalCommand[];
  view: ViewOf<"atiwa">;
  seat: number | undefined;
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
}) {
  const rest = legal.filter(
    (c) =>
      c.commandType !== "place_worker" &&
      c.commandType !== "place_card" &&
      !(FIELD_COMMANDS.has(c.commandType) && c.args.card !== undefined && c.args.card !== null),
  );
  if (seat === undefined || legal.length === 0) return null;
  const me = obj(arr(view.players)[seat]);
  const task = obj(me.task);
  const space = arr(view.spaces)
    .map(obj)
    .find((s) => s.id === task.space);
  const actions = arr(space?.actions).map(String);
  const words = (c: LegalCommand) =>
    c.commandType === "start_action" && actions[num(c.args.action)]
      ? `Do: ${actions[num(c.args.action)]}`
      : label(c);
  return (
    <section className="at-taskbar" aria-label="your task">
      <strong>Your task: {STEP_WORDS[String(task.step)] ?? String(task.step)}.</strong>{" "}
      {legal.some((c) => c.commandType === "place_worker") && (
        <span>Click a highlighted space of the action board. </span>
      )}
      {legal.some((c) => FIELD_COMMANDS.has(c.commandType) && c.args.card !== undefined) && (
        <span>Click a highlighted field of your cards. </span>
      )}
      {legal.some((c) => c.commandType === "place_card") && (
        <span>Click a dashed place in your play area. </span>
      )}
      <div className="actions">
        {rest.map((c) => (
          <button
            key={label(c)}
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => onCommand(c)}
          >
            {words(c)}
          </button>
        ))}
      </div>
    </section>
  );
}
