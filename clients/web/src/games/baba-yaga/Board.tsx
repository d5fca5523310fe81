// The 5×5 forest around the witch's cross, the witch, the House, the revealed spell card, every
// player's spells and the cards lying in front of them, and the race's timers as live countdowns.
// Tiles, ends and the House are clicked where the server lists a command for them; the other moves
// are the big buttons under the board (and the list of moves beside it). Drawn from the view alone.
import type { JsonValue, LegalCommand } from "@playledger/client";
import { useCallback, useEffect, useState } from "react";
import { useEscape } from "../../a11y/keyboard";
import type { BoardProps, ViewOf } from "../types";
import "./board.css";
import { useServerNow } from "./common";
import { Forest, useCellActions } from "./Forest";
import { PlayersTable } from "./Players";
import { BigButtons, Race, SpellCard } from "./Side";
import { loadCatalog } from "./words";

type View = ViewOf<"baba-yaga">;

export function Board({ view, game, seat, legal, onCommand, busy }: BoardProps<View>) {
  const [, setLoaded] = useState(0);
  const [swapFrom, setSwapFrom] = useState<string>();
  useEffect(() => {
    void loadCatalog().then(() => setLoaded((n) => n + 1));
  }, []);
  const cancel = useCallback(() => setSwapFrom(undefined), []);
  useEscape(cancel, swapFrom !== undefined);
  const now = useServerNow(game.readTime);
  const players = game.players;
  const name = (s: JsonValue | undefined) =>
    typeof s === "number" ? (s === seat ? "You" : (players[s] ?? "")) : "—";
  const send = (c: LegalCommand) => {
    setSwapFrom(undefined);
    onCommand(c);
  };
  const actions = useCellActions({ view, legal, busy, swapFrom, setSwapFrom, send });
  return (
    <div className="by-board">
      <p className="muted by-summary">
        {view.mode === "R" ? "Real-time race" : "Turn-based race"} · turn {String(view.turn)} of{" "}
        {String(view.max_turns)} · phase <strong>{String(view.phase).replace(/_/g, " ")}</strong>
        {view.fearless === true && " · fearless"}
      </p>
      <div className="by-row">
        <Forest view={view} actions={actions} swapFrom={swapFrom} />
        <div className="by-side">
          <SpellCard view={view} />
          <Race
            view={view}
            seat={seat}
            now={now}
            name={name}
            swapping={actions.swapping}
            swapFrom={swapFrom}
          />
          <BigButtons view={view} legal={legal} now={now} busy={busy} name={name} send={send} />
        </div>
      </div>
      <PlayersTable view={view} players={players} seat={seat} name={name} />
    </div>
  );
}
