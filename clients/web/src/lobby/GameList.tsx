// Games in play (to watch) and finished ones (their result, and the replay), a page of them at a time.
import type { Game } from "@playledger/client";
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { spectator } from "../app/client";
import { gameHref, replayHref } from "../app/route";
import { ProblemLine } from "../game/ErrorLine";
import { type Problem, problemOf } from "../game/errors";
import { GAMES } from "../games/registry";
import { gameText, useNames, useT } from "../i18n/text";

const PAGE = 10;

export function GameList() {
  const t = useT();
  const intl = useIntl();
  const [status, setStatus] = useState<"active" | "finished">("active");
  const [rules, setRules] = useState("");
  const [games, setGames] = useState<Game[]>();
  const [shown, setShown] = useState(PAGE);
  const [problem, setProblem] = useState<Problem>();
  useEffect(() => {
    const abort = new AbortController();
    setShown(PAGE);
    spectator
      .listGamesPage({ status, ...(rules ? { rules } : {}), pageSize: 200 }, abort.signal)
      .then((page) => setGames(page.games.reverse()))
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setProblem(problemOf(e));
      });
    return () => abort.abort();
  }, [status, rules]);
  const titleOf = (r: string) => gameText(intl, r)("title");
  return (
    <section aria-labelledby="games-title">
      <h1 id="games-title">{t("list.title")}</h1>
      <div className="filters">
        <label>
          {t("list.show")}{" "}
          <select value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="active">{t("list.active")}</option>
            <option value="finished">{t("list.finished")}</option>
          </select>
        </label>
        <label>
          {t("list.game")}{" "}
          <select value={rules} onChange={(e) => setRules(e.target.value)}>
            <option value="">{t("list.all")}</option>
            {Object.keys(GAMES).map((r) => (
              <option key={r} value={r}>
                {titleOf(r)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ProblemLine problem={problem} players={[]} />
      {games?.length === 0 && <p>{t("list.none")}</p>}
      <ul className="games" aria-label={t("list.title")}>
        {(games ?? []).slice(0, shown).map((g) => (
          <GameRow key={g.name} game={g} title={titleOf(g.rules)} />
        ))}
      </ul>
      {games && games.length > shown && (
        <button type="button" onClick={() => setShown((n) => n + PAGE)}>
          {t("list.more", { count: Math.min(PAGE, games.length - shown) })}
        </button>
      )}
    </section>
  );
}

function GameRow({ game: g, title }: { game: Game; title: string }) {
  const t = useT();
  const names = useNames();
  const finished = g.status.finished;
  const result = g.players.map(
    (p, s) => `${p} ${g.finalScores[s] ?? ""}${g.winners.includes(s) ? " ★" : ""}`,
  );
  return (
    <li className="game-row">
      <h2>{title}</h2>
      <p>{names(g.players)}</p>
      <p className="muted">
        {finished
          ? t("list.result", { result: result.join(", ") })
          : t("list.waitingFor", { names: names(g.status.toAct.map((s) => g.players[s] ?? "")) })}
      </p>
      <p className="links">
        <a
          href={gameHref(g.name)}
          aria-label={t("list.openLabel", {
            finished: finished ? "yes" : "no",
            game: title,
            names: names(g.players),
          })}
        >
          {finished ? t("list.seeResult") : t("list.watch")}
        </a>{" "}
        <a
          href={replayHref(g.name)}
          aria-label={t("list.replayLabel", { game: title, names: names(g.players) })}
        >
          {t("list.replay")}
        </a>
      </p>
    </li>
  );
}
