// A seat's play area: its terrain and location cards on their grid, each with its eight fields and what lies
// on them; the fields and open places the seat may use now are buttons.
import type { JsonObject, JsonValue, LegalCommand } from "@playledger/client";
import { arr, cardInfo, obj } from "./catalog";
import { content, key, num } from "./common";
import { FIELD_NAMES, label } from "./words";

export function FieldTypes({ fields, catalog }: { fields: JsonValue[]; catalog: JsonObject }) {
  const names = obj(catalog.field_types);
  return (
    <div className="at-mini">
      <span className="at-mini-head" />
      {fields.map((f, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the 8 fields are positions
          key={i}
          className={`at-f at-t-${String(f)}`}
          title={`${FIELD_NAMES[i]}: ${String(names[String(f)] ?? f)}`}
        >
          {String(f)}
        </span>
      ))}
    </div>
  );
}

export function PlayArea({
  player,
  catalog,
  fieldCommands,
  cardCommands,
  picked,
  onPick,
  busy,
  onCommand,
}: {
  player: JsonObject;
  catalog: JsonObject;
  fieldCommands: Map<string, LegalCommand[]>;
  cardCommands: LegalCommand[];
  picked: string | undefined;
  onPick: (k: string | undefined) => void;
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
}) {
  const cards = arr(player.cards).map(obj);
  const rows = Math.max(
    1,
    ...cards.map((c) => num(c.row)),
    ...cardCommands.map((c) => num(c.args.row)),
  );
  const cols = [...cards.map((c) => num(c.col)), ...cardCommands.map((c) => num(c.args.col))];
  const first = Math.min(...cols);
  const width = Math.max(...cols) - first + 1;
  const column = (col: number) => col - first + 1; // only the columns in use are drawn
  return (
    <div
      className="at-area"
      style={{
        gridTemplateRows: `repeat(${rows}, auto)`,
        gridTemplateColumns: `repeat(${width}, var(--at-card-width))`,
      }}
    >
      {cards.map((c) => {
        const info = cardInfo(catalog, String(c.card));
        const nature = num(info.nature);
        const fields = arr(c.fields).map(String);
        return (
          <div
            key={String(c.index)}
            className={`at-card${String(c.card).startsWith("T") ? " at-terrain" : " at-location"}`}
            style={{ gridRow: num(c.row), gridColumn: column(num(c.col)) }}
          >
            <div className="at-head">
              <strong>{String(c.name)}</strong>
              <span>
                card {num(c.index) + 1} · {num(c.points)} pts
                {nature ? ` · ${"♣".repeat(nature)}` : ""}
              </span>
            </div>
            {fields.map((text, i) => (
              <Field
                // biome-ignore lint/suspicious/noArrayIndexKey: the 8 fields are positions
                key={i}
                card={c}
                i={i}
                text={text}
                commands={fieldCommands.get(key(c.index, i + 1)) ?? []}
                picked={picked}
                onPick={onPick}
                busy={busy}
                onCommand={onCommand}
              />
            ))}
          </div>
        );
      })}
      <Slots commands={cardCommands} column={column} busy={busy} onCommand={onCommand} />
    </div>
  );
}

function spotName(card: JsonObject, i: number): string {
  return `${String(card.name)} ${FIELD_NAMES[i]}`;
}

/** One of a card's eight fields: its type and what lies on it; a button where the seat may act on it. */
function Field(props: {
  card: JsonObject;
  i: number;
  text: string;
  commands: LegalCommand[];
  picked: string | undefined;
  onPick: (k: string | undefined) => void;
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
}) {
  const { card: c, i, text, commands, picked, onPick, busy, onCommand } = props;
  const { type, held } = content(text);
  const k = key(c.index, i + 1);
  const cls = `at-field at-t-${type}${held ? " at-held" : ""}${held === "polluted" ? " at-polluted" : ""}${commands.length ? " at-target" : ""}${picked === k ? " at-picked" : ""}`;
  const inner = (
    <>
      <span className="at-ftype">
        {FIELD_NAMES[i]} {type}
      </span>
      <span className="at-fheld">{held || "·"}</span>
    </>
  );
  if (commands.length === 0) {
    return <div className={cls}>{inner}</div>;
  }
  const only = commands.length === 1 ? commands[0] : undefined;
  return (
    <button
      type="button"
      className={cls}
      disabled={busy}
      aria-label={only ? label(only) : `${commands.length} choices on ${spotName(c, i)}`}
      onClick={() => (only ? onCommand(only) : onPick(picked === k ? undefined : k))}
    >
      {inner}
    </button>
  );
}

/** The open places where the drawn card may go, as buttons in the grid. */
function Slots(props: {
  commands: LegalCommand[];
  column: (col: number) => number;
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
}) {
  const { commands: cardCommands, column, busy, onCommand } = props;
  return (
    <>
      {cardCommands.map((c) => (
        <button
          key={`${num(c.args.row)}-${num(c.args.col)}`}
          type="button"
          className="at-slot"
          style={{ gridRow: num(c.args.row), gridColumn: column(num(c.args.col)) }}
          disabled={busy}
          aria-label={label(c)}
          onClick={() => onCommand(c)}
        >
          place the card here
          <br />
          (row {num(c.args.row)}, column {num(c.args.col)})
        </button>
      ))}
    </>
  );
}
