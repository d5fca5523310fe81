// Who sits where: how many players, and for each a name and who plays it (you, a friend, a bot and its level).
import type { GameType } from "@playledger/client";
import { SeatMark } from "../game/seatMarks";
import { useT } from "../i18n/text";
import { changed, type Names, resized, type SeatKind, type SeatPlan } from "./plan";

export function SeatRows(props: {
  type: GameType;
  seats: SeatPlan[];
  names: Names;
  onChange: (seats: SeatPlan[]) => void;
}) {
  const { type, seats, names } = props;
  const t = useT();
  const counts = Array.from(
    { length: type.maxPlayers - type.minPlayers + 1 },
    (_, i) => type.minPlayers + i,
  );
  const set = (i: number, change: Partial<SeatPlan>) => {
    const seat = seats[i];
    // A default name follows the kind of seat ("Bot 2" becomes "Player 3"); a name someone typed stays.
    const named = seat?.name === names.bot(i) || seat?.name === names.player(i + 1);
    const rename =
      change.kind !== undefined && named
        ? { name: change.kind === "bot" ? names.bot(i) : names.player(i + 1) }
        : {};
    props.onChange(changed(seats, i, { ...change, ...rename }));
  };
  return (
    <fieldset>
      <legend>{t("lobby.playersLegend")}</legend>
      {counts.length > 1 && (
        <label>
          {t("lobby.count")}{" "}
          <select
            value={seats.length}
            onChange={(e) => props.onChange(resized(seats, Number(e.target.value), type, names))}
          >
            {counts.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      <ol className="seats">
        {seats.map((s, i) => {
          const who = s.name.trim() || names.player(i + 1);
          return (
            <SeatRow
              // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
              key={i}
              i={i}
              seat={s}
              who={who}
              levels={type.botLevels}
              set={(change) => set(i, change)}
            />
          );
        })}
      </ol>
    </fieldset>
  );
}

function SeatRow(props: {
  i: number;
  seat: SeatPlan;
  who: string;
  levels: string[];
  set: (change: Partial<SeatPlan>) => void;
}) {
  const { i, seat, who, levels, set } = props;
  const t = useT();
  return (
    <li>
      <SeatMark seat={i} />
      <input
        aria-label={t("lobby.nameOf", { n: i + 1 })}
        value={seat.name}
        maxLength={64}
        onChange={(e) => set({ name: e.target.value })}
      />
      <select
        aria-label={t("lobby.whoPlays", { name: who })}
        value={seat.kind}
        onChange={(e) => set({ kind: e.target.value as SeatKind })}
      >
        <option value="you">{t("lobby.kind.you")}</option>
        <option value="friend">{t("lobby.kind.friend")}</option>
        <option value="bot">{t("lobby.kind.bot")}</option>
      </select>
      {seat.kind === "bot" && (
        <select
          aria-label={t("lobby.botLevel", { name: who })}
          value={seat.level}
          onChange={(e) => set({ level: e.target.value })}
        >
          {levels.map((level) => (
            <option key={level} value={level}>
              {level === "random" || level === "greedy" || level === "search"
                ? t(`lobby.level.${level}`)
                : level}
            </option>
          ))}
        </select>
      )}
    </li>
  );
}
