// The clock of the game: a time per move, a chess clock, and what happens when it runs out.
import { useT } from "../i18n/text";
import { CHESS_CLOCKS, type ClockPlan, MOVE_TIMES } from "./plan";

export function ClockFields(props: { clock: ClockPlan; onChange: (c: ClockPlan) => void }) {
  const { clock, onChange } = props;
  const t = useT();
  const clocked = clock.moveSeconds > 0 || clock.budgetSeconds > 0;
  return (
    <fieldset className="clock-fields">
      <legend>{t("lobby.clock")}</legend>
      <label>
        {t("lobby.timePerMove")}{" "}
        <select
          value={clock.moveSeconds}
          onChange={(e) => onChange({ ...clock, moveSeconds: Number(e.target.value) })}
        >
          {MOVE_TIMES.map((s) => (
            <option key={s} value={s}>
              {t("lobby.moveTime", { seconds: s })}
            </option>
          ))}
        </select>
      </label>{" "}
      <label>
        {t("lobby.chessClock")}{" "}
        <select
          value={`${clock.budgetSeconds}+${clock.incrementSeconds}`}
          onChange={(e) => {
            const [budget, increment] = e.target.value.split("+").map(Number);
            onChange({ ...clock, budgetSeconds: budget ?? 0, incrementSeconds: increment ?? 0 });
          }}
        >
          {CHESS_CLOCKS.map(([budget, increment]) => (
            <option key={budget} value={`${budget}+${increment}`}>
              {t("lobby.chessClockChoice", { minutes: budget / 60, increment })}
            </option>
          ))}
        </select>
      </label>{" "}
      {clocked && (
        <label>
          {t("lobby.runsOut")}{" "}
          <select
            value={clock.onTimeout}
            onChange={(e) =>
              onChange({ ...clock, onTimeout: e.target.value === "forfeit" ? "forfeit" : "move" })
            }
          >
            <option value="move">{t("lobby.runsOut.move")}</option>
            <option value="forfeit">{t("lobby.runsOut.forfeit")}</option>
          </select>
        </label>
      )}
    </fieldset>
  );
}
