// A game's time control, counting down: each seat's chess clock (the running ones tick) and the move
// deadline. From the server's times and the time it read the game (so a skewed local clock does not
// matter), refreshed every 250 ms.
import type { Game } from "@playledger/client";
import { useEffect, useState } from "react";

export function MoveClock({ game }: { game: Game }) {
  const { deadlineMs, clocks } = game.status;
  const [now, setNow] = useState(() => Date.now());
  // The offset between the server's clock and ours, taken when this version of the game was read.
  const [offset] = useState(() => (game.readTime ? game.readTime.getTime() - Date.now() : 0));
  useEffect(() => {
    if (!deadlineMs) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [deadlineMs]);
  const control = game.timeControl;
  if (!deadlineMs || !control || game.status.finished) return null;
  const serverNow = now + offset;
  const then =
    control.onTimeout === "forfeit"
      ? "the seat to act forfeits"
      : "the server plays a random move for the seat to act";
  return (
    <div className="clocks">
      {clocks.length > 0 && (
        <ul className="seat-clocks" data-testid="seat-clocks" aria-label="Chess clocks">
          {clocks.map((c) => {
            const left = c.flagMs ? Math.max(0, c.flagMs - serverNow) : c.leftMs;
            return (
              <li
                key={c.seat}
                className={[c.flagMs ? "running" : "", left <= 10_000 ? "low" : ""].join(" ")}
                aria-label={`${game.players[c.seat] ?? `Seat ${c.seat}`}: ${mmss(left)} left${c.flagMs ? ", running" : ""}`}
              >
                <span>{game.players[c.seat] ?? `Seat ${c.seat}`}</span> <b>{mmss(left)}</b>
              </li>
            );
          })}
          <li className="increment">
            +{control.incrementSeconds ?? 0} s a move; at 0:00{" "}
            {then.replace("the seat to act", "that seat")}
          </li>
        </ul>
      )}
      {control.moveSeconds > 0 && (
        <MoveDeadline
          left={Math.max(0, Math.ceil((deadlineMs - serverNow) / 1000))}
          of={control.moveSeconds}
          then={then}
        />
      )}
    </div>
  );
}

function MoveDeadline({ left, of, then }: { left: number; of: number; then: string }) {
  return (
    <p className={left <= 10 ? "clock low" : "clock"} data-testid="move-clock" aria-live="off">
      Clock: {left} s left for this move (of {of} s; then {then})
    </p>
  );
}

function mmss(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
