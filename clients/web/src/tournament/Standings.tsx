// The standings table, every tie-break in its own column.
import type { leaderboards } from "@playledger/client";
import { useT } from "../i18n/text";

export function Standings({ standings }: { standings: leaderboards.Standing[] }) {
  const t = useT();
  return (
    <>
      <h2>{t("tournament.standings")}</h2>
      <div className="table-wrap">
        <table data-testid="standings">
          <thead>
            <tr>
              <th scope="col">{t("tournament.rank")}</th>
              <th scope="col">{t("tournament.player")}</th>
              <th scope="col">{t("tournament.points")}</th>
              <th scope="col">{t("tournament.buchholz")}</th>
              <th scope="col">{t("tournament.wins")}</th>
              <th scope="col">{t("tournament.score")}</th>
              <th scope="col">{t("tournament.played")}</th>
            </tr>
          </thead>
          <tbody>
            {standings.map((s) => (
              <tr key={s.playerId} className={s.disqualified ? "disqualified" : ""}>
                <td>{s.rank}</td>
                <td>
                  {s.player}
                  {s.disqualified && <span className="tag">{t("tournament.disqualified")}</span>}
                </td>
                <td>{s.points}</td>
                <td>{s.buchholz}</td>
                <td>{s.wins}</td>
                <td>{String(s.scoreSum)}</td>
                <td>{s.played}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
