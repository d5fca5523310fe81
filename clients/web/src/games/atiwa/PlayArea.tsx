// A seat's play area: its terrain and location cards on their grid, each with its eight fields and what
// lies on them; the fields and open places the seat may use now are buttons of one roving group.
import type { JsonObject, LegalCommand } from "@playledger/client";
import type { useRoving } from "../../a11y/roving";
import { type GameText, useGameText } from "../../i18n/text";
import { cardInfo } from "./catalog";
import { content, HELD, key, num, type PlayerView, pressable } from "./common";
import { cardName, cardNumber, commandLabel, RULES } from "./words";

type Card = PlayerView["cards"][number];

/** What lies on a field, in words: "tree + fruit", "polluted", or "·" for nothing. */
export function heldText(held: string[], text: GameText): string {
  if (held.length === 0) return "·";
  return held.map((h) => (HELD[h] ? text(`held.${HELD[h]}`) : h)).join(" + ");
}

export function PlayArea(props: {
  player: PlayerView;
  catalog: JsonObject;
  fieldCommands: Map<string, LegalCommand[]>;
  cardCommands: LegalCommand[];
  picked: string | undefined;
  onPick: (k: string | undefined) => void;
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
  roving: ReturnType<typeof useRoving>;
}) {
  const { player, catalog, cardCommands } = props;
  const text = useGameText(RULES);
  const cards = player.cards;
  const rows = Math.max(1, ...cards.map((c) => c.row), ...cardCommands.map((c) => num(c.args.row)));
  const cols = [...cards.map((c) => c.col), ...cardCommands.map((c) => num(c.args.col))];
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
        const nature = num(cardInfo(catalog, c.card).nature);
        const number = cardNumber(c.card);
        return (
          <div
            key={c.index}
            className={`at-card${number === undefined ? " at-location" : " at-terrain"}`}
            style={{ gridRow: c.row, gridColumn: column(c.col) }}
          >
            <div className="at-head">
              <strong>{cardName(c.card, text)}</strong>
              <span>
                {text("card.head", { n: c.index + 1, points: c.points })}
                {nature ? ` · ${"♣".repeat(nature)}` : ""}
              </span>
            </div>
            {c.fields.map((f, i) => (
              <Field
                // biome-ignore lint/suspicious/noArrayIndexKey: the 8 fields are positions
                key={i}
                card={c}
                i={i}
                field={f}
                text={text}
                commands={props.fieldCommands.get(key(c.index, i + 1)) ?? []}
                {...props}
              />
            ))}
          </div>
        );
      })}
      {cardCommands.map((c) => {
        const slot = `slot:${num(c.args.row)}:${num(c.args.col)}`;
        return (
          <button
            key={slot}
            type="button"
            className="at-slot"
            style={{ gridRow: num(c.args.row), gridColumn: column(num(c.args.col)) }}
            {...props.roving(slot)}
            {...pressable(props.busy, () => props.onCommand(c))}
          >
            {text("slot.here", { row: num(c.args.row), col: num(c.args.col) })}
          </button>
        );
      })}
    </div>
  );
}

/** One of a card's eight fields: its type and what lies on it; a button where the seat may act on it. */
function Field(props: {
  card: Card;
  i: number;
  field: string;
  text: GameText;
  commands: LegalCommand[];
  picked: string | undefined;
  onPick: (k: string | undefined) => void;
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
  roving: ReturnType<typeof useRoving>;
}) {
  const { card: c, i, text, commands, picked } = props;
  const { type, held } = content(props.field);
  const k = key(c.index, i + 1);
  const polluted = held.includes("polluted");
  const cls = `at-field at-t-${type}${held.length ? " at-held" : ""}${polluted ? " at-polluted" : ""}${commands.length ? " at-target" : ""}${picked === k ? " at-picked" : ""}`;
  const inner = (
    <>
      <span className="at-ftype" title={text(`fieldName.${type}`)}>
        {text(`fieldCode.${type}`)}
      </span>
      <span className="at-fheld">{heldText(held, text)}</span>
    </>
  );
  if (commands.length === 0) return <div className={cls}>{inner}</div>;
  const only = commands.length === 1 ? commands[0] : undefined;
  return (
    <button
      type="button"
      className={cls}
      aria-expanded={only ? undefined : picked === k}
      {...props.roving(k)}
      {...pressable(props.busy, () =>
        only ? props.onCommand(only) : props.onPick(picked === k ? undefined : k),
      )}
    >
      <span className="visually-hidden">
        {only
          ? commandLabel(only, text)
          : text("field.choices", {
              count: commands.length,
              card: c.index + 1,
              field: text(`field.${i + 1}`),
            })}
        {": "}
      </span>
      {inner}
    </button>
  );
}
