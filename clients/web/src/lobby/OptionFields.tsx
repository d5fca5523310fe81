// A game's options in its own words (its catalog namespace): the main ones in view, the engine's timers and
// bounds folded under "More options". An option naming a seat offers the players' names.
import type { GameOption, GameType, JsonObject, JsonValue } from "@playledger/client";
import { useIntl } from "react-intl";
import { words } from "../games/generic";
import { uiFor } from "../games/registry";
import { type GameText, gameText, useT } from "../i18n/text";
import type { Names, SeatPlan } from "./plan";

export function OptionFields(props: {
  type: GameType;
  options: JsonObject;
  seats: SeatPlan[];
  names: Names;
  onChange: (options: JsonObject) => void;
}) {
  const { type, options } = props;
  const t = useT();
  const intl = useIntl();
  const text = gameText(intl, type.name);
  const ui = uiFor(type.name);
  const advanced = new Set(ui.advancedOptions ?? []);
  const field = (o: GameOption) => (
    <OptionInput
      key={o.name}
      option={o}
      text={text}
      seatNames={
        ui.seatOptions?.includes(o.name)
          ? props.seats.map((s, i) => s.name.trim() || props.names.player(i + 1))
          : undefined
      }
      value={options[o.name] ?? o.defaultValue}
      onChange={(v) => props.onChange({ ...options, [o.name]: v })}
    />
  );
  const main = type.options.filter((o) => !advanced.has(o.name));
  const more = type.options.filter((o) => advanced.has(o.name));
  if (type.options.length === 0) return null;
  return (
    <fieldset className="options">
      <legend>{t("lobby.options")}</legend>
      {main.map(field)}
      {more.length > 0 && (
        <details className="more-options">
          <summary>{t("lobby.moreOptions", { count: more.length })}</summary>
          {more.map(field)}
        </details>
      )}
    </fieldset>
  );
}

function OptionInput(props: {
  option: GameOption;
  text: GameText;
  seatNames: string[] | undefined;
  value: JsonValue;
  onChange: (v: JsonValue) => void;
}) {
  const { option, value, text } = props;
  const id = `option-${option.name}`;
  const key = `option.${option.name}`;
  const help = text.has(`${key}.help`) ? text(`${key}.help`) : undefined;
  const choice = (c: JsonValue) =>
    text.has(`${key}.${String(c)}`) ? text(`${key}.${String(c)}`) : String(c);
  let input: React.ReactNode;
  if (option.type === "boolean") {
    input = (
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        onChange={(e) => props.onChange(e.target.checked)}
      />
    );
  } else if (props.seatNames !== undefined) {
    input = <SeatSelect id={id} value={value} names={props.seatNames} onChange={props.onChange} />;
  } else if (option.choices.length > 0) {
    input = (
      <select
        id={id}
        value={String(value)}
        onChange={(e) =>
          props.onChange(option.choices.find((c) => String(c) === e.target.value) ?? e.target.value)
        }
      >
        {option.choices.map((c) => (
          <option key={String(c)} value={String(c)}>
            {choice(c)}
          </option>
        ))}
      </select>
    );
  } else if (option.type === "integer") {
    input = (
      <input
        id={id}
        type="number"
        step={1}
        min={option.minimum}
        max={option.maximum}
        value={Number(value)}
        onChange={(e) => props.onChange(Number(e.target.value))}
      />
    );
  } else {
    input = (
      <input id={id} value={String(value ?? "")} onChange={(e) => props.onChange(e.target.value)} />
    );
  }
  return (
    <div className="option">
      <label htmlFor={id}>{text.has(key) ? text(key) : words(option.name)}</label>
      {input}
      {help && <p className="muted help">{help}</p>}
    </div>
  );
}

/** An option naming a seat: "at random" or a player by name. */
function SeatSelect(props: {
  id: string;
  value: JsonValue;
  names: string[];
  onChange: (v: JsonValue) => void;
}) {
  const t = useT();
  return (
    <select
      id={props.id}
      value={String(props.value)}
      onChange={(e) => props.onChange(Number(e.target.value))}
    >
      <option value="-1">{t("lobby.atRandom")}</option>
      {props.names.map((name, seat) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
        <option key={seat} value={String(seat)}>
          {name}
        </option>
      ))}
    </select>
  );
}
