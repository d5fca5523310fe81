// The fallback page: the view as readable tables, and events and commands in plain words.
import type { GameEvent, JsonValue, LegalCommand } from "@playledger/client";
import type { BoardProps, EventContext, GameUI } from "./types";

export function words(name: string): string {
  const spaced = name
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Who acted, in the page's language: "You" for this page's own seat, the player's name, else "Seat 2". */
export function who(seat: number | undefined, ctx: EventContext): string {
  if (seat === undefined) return "";
  if (seat === ctx.mySeat) return ctx.t("who.you");
  return ctx.players[seat] ?? ctx.t("who.seat", { seat });
}

function short(value: JsonValue): string {
  if (Array.isArray(value)) return value.map(short).join(", ");
  if (value !== null && typeof value === "object") {
    return Object.entries(value)
      .map(([k, v]) => `${words(k).toLowerCase()} ${short(v)}`)
      .join("; ");
  }
  return String(value);
}

export function genericLabel(command: LegalCommand): string {
  const args = Object.entries(command.args).map(
    ([k, v]) => `${words(k).toLowerCase()} ${short(v)}`,
  );
  return [words(command.commandType), ...args].join(" · ");
}

function Value({ value }: { value: JsonValue }) {
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object"))
      return <span>{value.map(String).join(", ")}</span>;
    return (
      <ol>
        {value.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: positions
          <li key={i}>
            <Value value={v} />
          </li>
        ))}
      </ol>
    );
  }
  if (value !== null && typeof value === "object") {
    return (
      <dl className="kv">
        {Object.entries(value).map(([k, v]) => (
          <div key={k}>
            <dt>{words(k)}</dt>
            <dd>
              <Value value={v} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <span>{String(value)}</span>;
}

function GenericBoard({ view }: BoardProps<unknown>) {
  return (
    <div className="generic-board">
      <Value value={view as JsonValue} />
    </div>
  );
}

export function generic(rules: string): GameUI<unknown> {
  return {
    rules,
    Board: GenericBoard,
    describe: (event: GameEvent, ctx: EventContext) => {
      const actor = who(event.seat, ctx);
      return `${actor ? `${actor}: ` : ""}${words(event.type).toLowerCase()}.`;
    },
    label: (c) => c.label || genericLabel(c),
  };
}
