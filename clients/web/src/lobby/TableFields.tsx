// The table beyond the rules: who may watch the game in play, how far behind spectators see it, whether
// a player may ask to take a move back (every other player must accept), and whether the server's bots
// pause like a person before each move or move at once.
import type { BotPace, TableSettings } from "@playledger/client";
import { useT } from "../i18n/text";

export type TablePlan = Pick<TableSettings, "spectators" | "spectatorDelayMoves" | "takebacks"> & {
  /** Unset: the server's default (a person's pace at a table with people). */
  botPace?: BotPace;
};

export const OPEN_TABLE: TablePlan = {
  spectators: "open",
  spectatorDelayMoves: 0,
  takebacks: false,
};

const MAX_DELAY_MOVES = 100; // the server's bound

export function TableFields(props: { table: TablePlan; onChange: (t: TablePlan) => void }) {
  const { table, onChange } = props;
  const t = useT();
  return (
    <fieldset className="table-fields">
      <legend>{t("lobby.table")}</legend>
      <label>
        <input
          type="checkbox"
          checked={table.takebacks}
          onChange={(e) => onChange({ ...table, takebacks: e.target.checked })}
        />{" "}
        {t("lobby.takebacks")}
      </label>{" "}
      <label>
        <input
          type="checkbox"
          checked={table.botPace === "fast"}
          onChange={(e) => {
            const { botPace: _, ...rest } = table;
            onChange(e.target.checked ? { ...rest, botPace: "fast" } : rest);
          }}
        />{" "}
        {t("lobby.fastBots")}
      </label>{" "}
      <label>
        {t("lobby.spectators")}{" "}
        <select
          value={table.spectators}
          onChange={(e) =>
            onChange({ ...table, spectators: e.target.value === "players" ? "players" : "open" })
          }
        >
          <option value="open">{t("lobby.spectators.open")}</option>
          <option value="players">{t("lobby.spectators.players")}</option>
        </select>
      </label>{" "}
      <label>
        {t("lobby.delay")}{" "}
        <input
          type="number"
          className="delay"
          min={0}
          max={MAX_DELAY_MOVES}
          value={table.spectatorDelayMoves}
          onChange={(e) => {
            const n = Math.round(Number(e.target.value));
            const moves = Number.isFinite(n) ? Math.min(MAX_DELAY_MOVES, Math.max(0, n)) : 0;
            onChange({ ...table, spectatorDelayMoves: moves });
          }}
        />
      </label>
    </fieldset>
  );
}
