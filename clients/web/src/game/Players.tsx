import type { Game } from "@playledger/client";

export function Players({ game, mySeat }: { game: Game; mySeat: number | undefined }) {
  return (
    <ol className="players" aria-label="players">
      {game.players.map((name, seat) => {
        const acting = game.status.toAct.includes(seat);
        const bot = game.bots.find((b) => b.seat === seat);
        const classes = ["player", acting ? "acting" : "", seat === mySeat ? "me" : ""]
          .join(" ")
          .trim();
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
          <li key={seat} className={classes} data-seat={seat}>
            <span className="seat-no">{seat}</span> {name}
            {seat === mySeat && <span className="tag">you</span>}
            {bot && <span className="tag">{bot.level} bot</span>}
            {acting && !game.status.finished && <span className="tag acting-tag">to act</span>}
          </li>
        );
      })}
    </ol>
  );
}
