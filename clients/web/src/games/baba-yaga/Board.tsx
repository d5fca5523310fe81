// The 5×5 forest around the witch's cross, the witch, the House, the revealed spell card, every
// player's spells and the cards lying in front of them, and the race's timers as live countdowns; at the
// end, how the game was decided. Cells, ends and the House act where the server lists a command (by
// click, or by Tab, the arrow keys and Enter); the other moves are the big buttons beside the forest.
import type { LegalCommand } from "@playledger/client";
import { useCallback, useEffect, useRef, useState } from "react";
import { useEscape } from "../../a11y/keyboard";
import { useEventContext } from "../../game/useEventContext";
import type { BoardProps, ViewOf } from "../types";
import "./board.css";
import { LastRound } from "./cells";
import { useServerNow } from "./common";
import { Forest, useCellActions } from "./Forest";
import { PlayersTable } from "./Players";
import { Results } from "./Results";
import { BigButtons, Race, SpellCard } from "./Side";
import { phaseName, RULES, useCatalog } from "./words";

type View = ViewOf<"baba-yaga">;

/**
 * After a move sent from a button that is gone from the next view (Reveal, a target), the focus would fall
 * to the page's top: it goes to the forest's Tab stop when the forest has a move, else the first button.
 */
function useFocusAfterMove(board: React.RefObject<HTMLDivElement | null>, version: unknown) {
  const moved = useRef(false);
  useEffect(() => {
    if (version === undefined || !moved.current) return;
    moved.current = false;
    const focus = document.activeElement;
    if (focus && focus !== document.body && document.contains(focus)) return;
    const root = board.current;
    const forest = root?.querySelector<HTMLElement>('.by-forest [tabindex="0"]');
    const target = root?.querySelector(".by-forest [data-move]")
      ? forest
      : (root?.querySelector<HTMLElement>(".by-actions button:not([disabled])") ?? forest);
    target?.focus();
  }, [board, version]);
  return moved;
}

export function Board({ view, game, seat, legal, onCommand, busy }: BoardProps<View>) {
  const ctx = useEventContext(RULES, game.players, seat);
  const catalog = useCatalog();
  const [swapFrom, setSwapFrom] = useState<string>();
  const cancel = useCallback(() => setSwapFrom(undefined), []);
  useEscape(cancel, swapFrom !== undefined);
  const now = useServerNow(game.readTime);
  const board = useRef<HTMLDivElement>(null);
  const moved = useFocusAfterMove(board, game.version);
  const send = (c: LegalCommand) => {
    setSwapFrom(undefined);
    moved.current = true;
    onCommand(c);
  };
  const actions = useCellActions({ view, legal, busy, swapFrom, setSwapFrom, send, ctx });
  const { text } = ctx;
  const finished = view.phase === "finished";
  return (
    <div className="by-board" data-phase={view.phase} ref={board}>
      <p className="muted by-summary">
        {text("board.summary", {
          mode: view.mode,
          turn: view.turn,
          max: view.max_turns,
          phase: phaseName(view.phase, text),
          fearless: view.fearless ? "yes" : "no",
        })}
      </p>
      {finished && <Results view={view} game={game} ctx={ctx} catalog={catalog} />}
      <div className="by-row">
        <div className="by-forest-wrap">
          <Forest view={view} actions={actions} swapFrom={swapFrom} ctx={ctx} />
          {!finished && <p className="muted by-help">{text("forest.help")}</p>}
        </div>
        <div className="by-side">
          <SpellCard view={view} ctx={ctx} />
          {!finished && (
            <Race view={view} now={now} ctx={ctx} swapping={actions.swapping} swapFrom={swapFrom} />
          )}
          <BigButtons view={view} legal={legal} now={now} busy={busy} ctx={ctx} send={send} />
        </div>
      </div>
      {finished ? (
        <LastRound round={view.last_round} ctx={ctx} /> // the players' spells are in the results above
      ) : (
        <PlayersTable view={view} seat={seat} goal={catalog?.spells_to_win ?? 3} ctx={ctx} />
      )}
    </div>
  );
}
