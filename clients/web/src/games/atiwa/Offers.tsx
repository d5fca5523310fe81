// What is on offer: the terrain display (the cards the "displayed terrain" spaces take) and the four
// location stacks with their price (folded: the action board's location spaces show the price too); a
// small drawing of each card's eight field types; the key to them.
import type { JsonObject, JsonValue } from "@playledger/client";
import type { GameText } from "../../i18n/text";
import { arr, cardInfo, obj } from "./catalog";
import { FIELD_TYPES, LOCATIONS, num } from "./common";
import { cardName, cardNumber } from "./words";

export function FieldTypes({ fields, text }: { fields: JsonValue[]; text: GameText }) {
  return (
    <div className="at-mini">
      <span className="at-mini-head" />
      {fields.map((f, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the 8 fields are positions
          key={i}
          className={`at-f at-t-${String(f)}`}
          title={`${text(`field.${i + 1}`)}: ${text(`fieldName.${String(f)}`)}`}
        >
          {text(`fieldCode.${String(f)}`)}
        </span>
      ))}
    </div>
  );
}

export function TerrainDisplay(props: {
  display: (string | null)[];
  catalog: JsonObject;
  text: GameText;
}) {
  const { display, catalog, text } = props;
  return (
    <section className="at-section at-offers" aria-labelledby="at-display-title">
      <h3 id="at-display-title">{text("display.title")}</h3>
      <div className="at-display">
        {display.map((id, slot) => {
          const info = id === null ? {} : cardInfo(catalog, id);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: display places are positions
            <div key={slot} className="at-offer">
              <span className="muted">{text("display.place", { n: slot + 1 })}</span>
              {id === null ? (
                <span className="muted">{text("display.empty")}</span>
              ) : (
                <>
                  <strong>{cardName(id, text)}</strong>
                  <span>
                    {text("display.card", {
                      number: cardNumber(id) ?? 0,
                      points: num(info.points),
                      nature: num(info.nature),
                    })}
                  </span>
                  <FieldTypes fields={arr(info.fields)} text={text} />
                </>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}

export function LocationCards(props: {
  stacks: Record<string, number>;
  catalog: JsonObject;
  text: GameText;
}) {
  const { stacks, catalog, text } = props;
  const left = LOCATIONS.map((kind) =>
    text("locations.left", { card: cardName(kind, text), left: stacks[kind] ?? 0 }),
  );
  // Folded: the action board shows each location space's price; the cards' fields are a click away.
  return (
    <details className="at-section at-locations">
      <summary>
        <h3>{text("locations.title")}</h3> <span>{left.join(" · ")}</span>
      </summary>
      <div className="at-display">
        {LOCATIONS.map((kind) => {
          const info = obj(obj(catalog.locations)[kind]);
          if (info.name === undefined) return null;
          return (
            <div key={kind} className="at-offer">
              <strong>{cardName(kind, text)}</strong>
              <span>
                {text("locations.info", {
                  points: num(info.points),
                  huts: num(info.huts),
                  left: stacks[kind] ?? 0,
                })}
              </span>
              <span>
                {text("locations.cost", {
                  trees: num(info.cost_trees),
                  left: num(info.cost_gold_left),
                  right: num(info.cost_gold_right),
                })}
              </span>
              <FieldTypes fields={arr(info.fields)} text={text} />
            </div>
          );
        })}
      </div>
    </details>
  );
}

/** The key to the field codes and the nature symbol. */
export function Legend({ text }: { text: GameText }) {
  return (
    <p className="muted at-legend">
      {text("legend.title")}{" "}
      {FIELD_TYPES.map((t) => `${text(`fieldCode.${t}`)} ${text(`fieldName.${t}`)}`).join(" · ")}
      {" · ♣ "}
      {text("legend.nature")}
    </p>
  );
}
