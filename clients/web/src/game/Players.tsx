// Who plays: each player by name with their seat's mark (a colour and a shape), and what they are.
import type { Game, GameStatus } from "@playledger/client";
import { useT } from "../i18n/text";
import { SeatMark } from "./seatMarks";

export function Players(props: { game: Game; status: GameStatus; mySeat: number | undefined }) {
  const { game, status, mySeat } = props;
  const t = useT();
  return (
    <ol className="players" aria-label={t("players.label")}>
      {game.players.map((name, seat) => {
        const acting = !status.finished && status.toAct.includes(seat);
        const bot = game.bots.find((b) => b.seat === seat);
        const classes = ["player", acting ? "acting" : "", seat === mySeat ? "me" : ""]
          .join(" ")
          .trim();
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
          <li key={seat} className={classes} data-seat={seat}>
            <SeatMark seat={seat} /> {name}
            {seat === mySeat && <span className="tag">{t("players.you")}</span>}
            {bot && (
              <span className="tag">
                {t("players.bot", { level: t(`bot.${botLevel(bot.level)}`) })}
              </span>
            )}
            {acting && <span className="tag acting-tag">{t("players.toAct")}</span>}
          </li>
        );
      })}
    </ol>
  );
}

export function botLevel(level: string): "random" | "greedy" | "search" {
  return level === "random" || level === "search" ? level : "greedy";
}
