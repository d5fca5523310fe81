// Active and finished games, to watch live or step through.
import type { Game } from "@playledger/client";
import { useEffect, useState } from "react";
import { spectator } from "../app/client";
import { gameHref, replayHref } from "../app/route";
import { ErrorLine, messageOf } from "../game/ErrorLine";

export function GameList() {
  const [status, setStatus] = useState<"active" | "finished">("active");
  const [rules, setRules] = useState("");
  const [games, setGames] = useState<Game[]>([]);
  const [error, setError] = useState<string>();
  useEffect(() => {
    const abort = new AbortController();
    void (async () => {
      try {
        const page = await spectator.listGamesPage(
          { status, ...(rules ? { rules } : {}), pageSize: 200 },
          abort.signal,
        );
        setGames(page.games.reverse());
      } catch (e) {
        if (!abort.signal.aborted) setError(messageOf(e));
      }
    })();
    return () => abort.abort();
  }, [status, rules]);
  return (
    <section>
      <h1>Games</h1>
      <div className="filters">
        <label>
          show{" "}
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as "active" | "finished")}
          >
            <option value="active">in play</option>
            <option value="finished">finished</option>
          </select>
        </label>
        <label>
          game{" "}
          <select value={rules} onChange={(e) => setRules(e.target.value)}>
            <option value="">all</option>
            {["hare-and-tortoise", "grasshopper-and-ant", "baba-yaga", "atiwa", "antics"].map(
              (r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ),
            )}
          </select>
        </label>
      </div>
      <ErrorLine error={error} />
      <table className="games">
        <thead>
          <tr>
            <th scope="col">Game</th>
            <th scope="col">Players</th>
            <th scope="col">Version</th>
            <th scope="col">{status === "finished" ? "Result" : "Waiting for"}</th>
            <th scope="col" />
          </tr>
        </thead>
        <tbody>
          {games.map((g) => (
            <tr key={g.name}>
              <td>{g.rules}</td>
              <td>{g.players.join(", ")}</td>
              <td>{g.version}</td>
              <td>
                {g.status.finished
                  ? g.players
                      .map(
                        (p, s) =>
                          `${p} ${g.finalScores[s] ?? ""}${g.winners.includes(s) ? " ★" : ""}`,
                      )
                      .join(", ")
                  : g.status.toAct.map((s) => g.players[s]).join(", ")}
              </td>
              <td>
                <a href={gameHref(g.name)}>{g.status.finished ? "Result" : "Watch"}</a>{" "}
                <a href={replayHref(g.name)}>Replay</a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
