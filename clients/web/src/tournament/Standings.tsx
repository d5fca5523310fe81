// The standings: points, then every tie-break in its column in the order it applies (stated above the
// table, each with how it counts), forfeits as + and −, and for players level on points which tie-break
// put each ahead of the next.
import { useT } from "../i18n/text";
import { type leaderboards, tiebreakName, usePoints, useTT } from "./names";

type Standing = leaderboards.Standing;

export function Standings(props: { standings: Standing[]; tiebreaks: leaderboards.TieBreak[] }) {
  const t = useT();
  const tt = useTT();
  const { standings, tiebreaks } = props;
  const level = standings.some((s) => s.separatedBy !== "");
  const byes = standings.some((s) => s.byes > 0);
  const forfeits = standings.some((s) => s.forfeitsWon + s.forfeitsLost > 0);
  return (
    <section aria-labelledby="standings-title">
      <h2 id="standings-title">{t("tournament.standings")}</h2>
      <TiebreakOrder tiebreaks={tiebreaks} />
      <div className="table-wrap">
        <table data-testid="standings">
          <thead>
            <tr>
              <th scope="col">{t("tournament.rank")}</th>
              <th scope="col">{t("tournament.player")}</th>
              <th scope="col">{t("tournament.points")}</th>
              {tiebreaks.map((b) => (
                <th scope="col" key={b.key}>
                  <TiebreakColumn tiebreak={b} />
                </th>
              ))}
              <th scope="col">{t("tournament.played")}</th>
              {forfeits && <th scope="col">{tt("column.forfeits")}</th>}
              {byes && <th scope="col">{tt("column.byes")}</th>}
              {level && <th scope="col">{tt("column.tie")}</th>}
            </tr>
          </thead>
          <tbody>
            {standings.map((s, i) => (
              <Row
                key={s.playerId}
                standing={s}
                next={standings[i + 1]}
                tiebreaks={tiebreaks}
                columns={{ level, byes, forfeits }}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** "Players level on points are ranked by these tie-breaks, in this order:" and each one's rule. */
function TiebreakOrder({ tiebreaks }: { tiebreaks: leaderboards.TieBreak[] }) {
  const tt = useTT();
  if (tiebreaks.length === 0) return null;
  return (
    <>
      <p id="tiebreak-order">{tt("standings.order")}</p>
      <ol className="tiebreaks" aria-labelledby="tiebreak-order" data-testid="tiebreaks">
        {tiebreaks.map((b) => (
          <li key={b.key}>{tt("tiebreakRule", { key: tiebreakName(b.key), rule: b.rule })}</li>
        ))}
      </ol>
    </>
  );
}

/** A tie-break's column heading: the shared catalog's short names where it has one. */
function TiebreakColumn({ tiebreak }: { tiebreak: leaderboards.TieBreak }) {
  const t = useT();
  const tt = useTT();
  switch (tiebreak.key) {
    case "buchholz":
      return <>{t("tournament.buchholz")}</>;
    case "wins":
      return <>{t("tournament.wins")}</>;
    case "score_sum":
      return <>{t("tournament.score")}</>;
    default:
      return <>{tt("tiebreak", { key: "other", title: tiebreak.title })}</>;
  }
}

function tiebreakValue(s: Standing, key: string): number {
  if (key === "buchholz") return s.buchholz;
  if (key === "wins") return s.wins;
  if (key === "score_sum") return Number(s.scoreSum);
  return 0;
}

function Row(props: {
  standing: Standing;
  next: Standing | undefined;
  tiebreaks: leaderboards.TieBreak[];
  columns: { level: boolean; byes: boolean; forfeits: boolean };
}) {
  const t = useT();
  const points = usePoints();
  const { standing: s, columns } = props;
  const unplayed = [
    s.forfeitsWon ? `+${s.forfeitsWon}` : "",
    s.forfeitsLost ? `−${s.forfeitsLost}` : "",
  ];
  return (
    <tr className={s.disqualified ? "disqualified" : ""}>
      <td>{s.rank}</td>
      <th scope="row">
        {s.player}
        {s.disqualified && <span className="tag">{t("tournament.disqualified")}</span>}
      </th>
      <td>{points(s.points)}</td>
      {props.tiebreaks.map((b) => (
        <td key={b.key}>
          {b.key === "buchholz" ? points(s.buchholz) : String(tiebreakValue(s, b.key))}
        </td>
      ))}
      <td>{s.played}</td>
      {columns.forfeits && <td>{unplayed.filter(Boolean).join(" ")}</td>}
      {columns.byes && <td>{s.byes || ""}</td>}
      {columns.level && (
        <td data-testid="separated">
          <Separation
            standing={s}
            next={props.next}
            title={props.tiebreaks.find((b) => b.key === s.separatedBy)?.title ?? ""}
          />
        </td>
      )}
    </tr>
  );
}

/** Which tie-break put this player ahead of the next one down on the same points (or none did). */
function Separation(props: { standing: Standing; next: Standing | undefined; title: string }) {
  const { standing, next } = props;
  const tt = useTT();
  if (!standing.separatedBy || next === undefined) return null;
  if (standing.separatedBy === "shared") return <>{tt("shared", { next: next.player })}</>;
  const tiebreak = tt("tiebreak", {
    key: tiebreakName(standing.separatedBy),
    title: props.title,
  });
  return <>{tt("ahead", { next: next.player, tiebreak })}</>;
}
