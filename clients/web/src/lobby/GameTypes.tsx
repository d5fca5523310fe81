// The games this server hosts, as a group of radio cards: title, players, what it is about.
import type { GameType } from "@playledger/client";
import { useIntl } from "react-intl";
import { gameText, useT } from "../i18n/text";

export function GameTypes(props: {
  types: GameType[];
  chosen: string;
  onChoose: (name: string) => void;
}) {
  const t = useT();
  const intl = useIntl();
  return (
    <fieldset className="game-types">
      <legend>{t("lobby.pick")}</legend>
      {props.types.map((type) => {
        const text = gameText(intl, type.name);
        return (
          <label
            key={type.name}
            className={type.name === props.chosen ? "game-type chosen" : "game-type"}
          >
            <input
              type="radio"
              name="game-type"
              value={type.name}
              checked={type.name === props.chosen}
              onChange={() => props.onChoose(type.name)}
            />
            <strong>{text.has("title") ? text("title") : type.title}</strong>
            <span className="muted">
              {t("lobby.players", { min: type.minPlayers, max: type.maxPlayers })}
            </span>
            <span className="summary">{text.has("summary") ? text("summary") : type.summary}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
