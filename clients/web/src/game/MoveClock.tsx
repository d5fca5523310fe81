// A game's time control, counting down: each seat's chess clock (the running ones tick) and the move
// deadline. From the server's times and its clock's offset from ours (so a skewed local clock does not
// matter), refreshed every 250 ms.
import type { Game, GameStatus } from "@playledger/client";
import { useEffect, useState } from "react";
import { useT } from "../i18n/text";
import { SeatMark } from "./seatMarks";

export function MoveClock(props: { game: Game; status: GameStatus; offsetMs: number }) {
  const { game, status, offsetMs } = props;
  const { deadlineMs, clocks } = status;
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadlineMs) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [deadlineMs]);
  const control = game.timeControl;
  if (!deadlineMs || !control || status.finished) return null;
  const serverNow = now + offsetMs;
  const forfeit = control.onTimeout === "forfeit" ? "yes" : "no";
  return (
    <div className="clocks">
      {clocks.length > 0 && (
        <ul className="seat-clocks" data-testid="seat-clocks" aria-label={t("clock.chess")}>
          {clocks.map((c) => {
            const left = c.flagMs ? Math.max(0, c.flagMs - serverNow) : c.leftMs;
            const name = game.players[c.seat] ?? "";
            return (
              <li
                key={c.seat}
                className={[c.flagMs ? "running" : "", left <= 10_000 ? "low" : ""].join(" ")}
                aria-label={t("clock.seat", {
                  name,
                  left: mmss(left),
                  running: c.flagMs ? "yes" : "no",
                })}
              >
                <SeatMark seat={c.seat} /> <span>{name}</span> <b>{mmss(left)}</b>
              </li>
            );
          })}
          <li className="increment">
            {t("clock.increment", { seconds: control.incrementSeconds ?? 0, forfeit })}
          </li>
        </ul>
      )}
      {control.moveSeconds > 0 && (
        <p
          className={deadlineMs - serverNow <= 10_000 ? "clock low" : "clock"}
          data-testid="move-clock"
        >
          {t("clock.move", {
            // never more than the move's time (the server's clock is estimated to a few ms)
            left: Math.min(
              control.moveSeconds,
              Math.max(0, Math.ceil((deadlineMs - serverNow) / 1000)),
            ),
            total: control.moveSeconds,
            forfeit,
          })}
        </p>
      )}
    </div>
  );
}

function mmss(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
