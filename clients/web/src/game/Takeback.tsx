// Take-backs, at a table created with them: a seat asks to go back to the start of a recent move; the other
// people see the open offer and accept or decline it; the asker sees who accepted so far (and may withdraw).
// When the last person accepts, the live feed brings the game as it stood then.
import type { Game, GameEvent, PlayLedgerClient, TakebackOffer } from "@playledger/client";
import { useState } from "react";
import { clientFor } from "../app/client";
import { useNames, useT } from "../i18n/text";
import { ProblemLine } from "./ErrorLine";
import { type Problem, problemOf } from "./errors";
import { targetWords } from "./tableWords";

interface Props {
  game: Game;
  mySeat: number | undefined;
  token: string | undefined;
  events: GameEvent[];
}

export function Takeback(props: Props) {
  const { game, mySeat } = props;
  const [problem, setProblem] = useState<Problem>();
  /** After a call, the version its answer had: the buttons wait until the page shows it. */
  const [waitFor, setWaitFor] = useState(0);
  if (!game.table.takebacks || game.status.finished) return null;
  const busy = game.version < waitFor;
  const call = async (send: (c: PlayLedgerClient) => Promise<{ game: Game }>) => {
    setProblem(undefined);
    setWaitFor(Number.POSITIVE_INFINITY);
    try {
      setWaitFor((await send(clientFor(props.token))).game.version);
    } catch (e) {
      setWaitFor(0);
      const refused = problemOf(e);
      setProblem({ ...refused, version: refused.version ?? game.version });
    }
  };
  const shown = problem && game.version <= (problem.version ?? game.version) ? problem : undefined;
  const offer = game.takeback;
  const canAsk = mySeat !== undefined && game.takebackTargets.length > 0;
  if (!offer && !canAsk && !shown) return null;
  return (
    <div className="takeback" data-testid="takeback">
      {offer ? (
        <Offer
          {...props}
          offer={offer}
          busy={busy}
          onAnswer={(accept) => call((c) => c.answerTakeback(game.name, accept))}
        />
      ) : (
        canAsk && (
          <Ask
            {...props}
            busy={busy}
            onOffer={(to) => call((c) => c.offerTakeback(game.name, to))}
          />
        )
      )}
      <ProblemLine problem={shown} players={game.players} />
    </div>
  );
}

function Ask(props: Props & { busy: boolean; onOffer: (version: number) => void }) {
  const { game, mySeat, events } = props;
  const t = useT();
  const targets = game.takebackTargets;
  const [chosen, setChosen] = useState<number>();
  const to = chosen !== undefined && targets.includes(chosen) ? chosen : (targets.at(-1) ?? 0);
  const words = (v: number) =>
    targetWords(v, { targets, events, players: game.players }, mySeat, t);
  return (
    <p className="takeback-ask">
      {targets.length > 1 && (
        <label>
          {t("takeback.howFar")}{" "}
          <select value={to} onChange={(e) => setChosen(Number(e.target.value))}>
            {[...targets].reverse().map((v) => (
              <option key={v} value={v}>
                {words(v)}
              </option>
            ))}
          </select>
        </label>
      )}{" "}
      <button type="button" disabled={props.busy} onClick={() => props.onOffer(to)}>
        {targets.length > 1 ? t("takeback.ask") : t("takeback.askOne", { back: words(to) })}
      </button>
    </p>
  );
}

function Offer(
  props: Props & { offer: TakebackOffer; busy: boolean; onAnswer: (accept: boolean) => void },
) {
  const { game, mySeat, offer } = props;
  const t = useT();
  const names = useNames();
  const nameOf = (s: number) => (s === mySeat ? t("players.you") : (game.players[s] ?? ""));
  const table = { targets: game.takebackTargets, events: props.events, players: game.players };
  const back = targetWords(offer.toVersion, table, mySeat, t, offer.seat);
  const waiting = game.players.map((_, s) => s).filter((s) => !offer.accepted.includes(s));
  const mine = offer.seat === mySeat;
  const answering = mySeat !== undefined && !offer.accepted.includes(mySeat);
  return (
    <div className="takeback-offer">
      <p role="status">
        {t("takeback.offer", {
          who: mine ? "you" : "other",
          name: game.players[offer.seat] ?? "",
          back,
        })}{" "}
        <span data-testid="takeback-accepted">
          {t("takeback.accepted", { names: names(offer.accepted.map(nameOf)) })}
        </span>{" "}
        {waiting.length > 0 && t("turn.waiting", { names: names(waiting.map(nameOf)) })}
      </p>
      {answering && (
        <p className="takeback-actions">
          <button
            type="button"
            className="primary"
            disabled={props.busy}
            onClick={() => props.onAnswer(true)}
          >
            {t("takeback.accept")}
          </button>{" "}
          <button type="button" disabled={props.busy} onClick={() => props.onAnswer(false)}>
            {t("takeback.decline")}
          </button>
        </p>
      )}
      {mine && (
        <p className="takeback-actions">
          <button type="button" disabled={props.busy} onClick={() => props.onAnswer(false)}>
            {t("takeback.withdraw")}
          </button>
        </p>
      )}
    </div>
  );
}
