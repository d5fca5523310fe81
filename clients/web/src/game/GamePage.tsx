// One game, as this browser's seat (or a spectator) sees it: the board, what you may do, what happened.
// The shell around every game's Board: title, players, whose turn, the clock, the live connection,
// refusals where the eye is, the moves (folded away), the log, and the end.
import type { LegalCommand } from "@playledger/client";
import { useState } from "react";
import { useIntl } from "react-intl";
import { held, tokenOf } from "../app/seats";
import { uiFor } from "../games/registry";
import { useT } from "../i18n/text";
import { CommandList } from "./CommandList";
import { EndScreen } from "./EndScreen";
import { ProblemLine } from "./ErrorLine";
import { EventLog } from "./EventLog";
import { GameHead } from "./GameHead";
import { useLiveGame } from "./live/useLiveGame";
import { NotifyToggle } from "./NotifyToggle";
import { PlayAgain } from "./PlayAgain";
import { ProblemNote } from "./ProblemNote";
import { Takeback } from "./Takeback";
import { useAnnouncements } from "./useAnnouncements";
import { useEventContext } from "./useEventContext";
import { useTurnNotice } from "./useTurnNotice";

export function GamePage(props: { game: string; seat?: number | undefined }) {
  const seat = props.seat ?? held(props.game).mine;
  const token = tokenOf(props.game, seat);
  const mySeat = token === undefined ? undefined : seat;
  const intl = useIntl();
  const t = useT();
  const live = useLiveGame(props.game, token, (id) => id in intl.messages);
  const [anchor, setAnchor] = useState<Element | null>(null);
  const [movesOpen, setMovesOpen] = useState(false);
  const game = live.game;
  const ctx = useEventContext(game?.rules ?? "", game?.players ?? [], mySeat);
  const status = live.status ?? game?.status;
  const myTurn = mySeat !== undefined && !!status?.toAct.includes(mySeat) && live.legal.length > 0;
  useAnnouncements(live, ctx, myTurn);
  useTurnNotice(myTurn, game?.rules ?? "");
  const onCommand = (c: LegalCommand) => {
    setAnchor(document.activeElement); // the refusal, if any, shows beside what was clicked
    void live.submit(c);
  };
  if (!game || !status) {
    return (
      <section aria-busy="true">
        <p>{t("game.loading")}</p>
        <ProblemLine problem={live.problem} players={[]} />
      </section>
    );
  }
  const ui = uiFor(game.rules);
  return (
    <section className={`game game-${game.rules}`} aria-labelledby="game-title">
      <GameHead game={game} status={status} live={live} mySeat={mySeat} myTurn={myTurn} />
      {live.problem && (
        <ProblemNote
          problem={live.problem}
          anchor={anchor}
          players={game.players}
          rules={game.rules}
          clockOffsetMs={live.clockOffsetMs}
          onGone={live.clearProblem}
        />
      )}
      <Takeback game={game} mySeat={mySeat} token={token} events={live.events} />
      {game.status.finished && (
        <EndScreen game={game}>
          <PlayAgain game={game} mySeat={mySeat} {...(token ? { token } : {})} />
        </EndScreen>
      )}
      <div className="game-body">
        <div className="board-area">
          {game.view && (
            <ui.Board
              view={game.view}
              game={game}
              seat={mySeat}
              legal={myTurn ? live.legal : []}
              onCommand={onCommand}
              busy={live.sending}
            />
          )}
        </div>
        <aside className="side">
          {mySeat !== undefined && !status.finished && <NotifyToggle />}
          {myTurn && (
            <CommandList
              ctx={ctx}
              ui={ui}
              legal={live.legal}
              onCommand={onCommand}
              busy={live.sending}
              open={movesOpen}
              onToggle={setMovesOpen}
            />
          )}
          <EventLog ui={ui} ctx={ctx} events={live.events} />
        </aside>
      </div>
    </section>
  );
}
