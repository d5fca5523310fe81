// Every tournament (ListTournaments, newest first), each a link to its page; and the navigation's link here.
import type { leaderboards } from "@playledger/client";
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { ProblemLine } from "../game/ErrorLine";
import { type Problem, problemOf } from "../game/errors";
import { gameText, useT } from "../i18n/text";
import { useTT } from "./names";
import { boards } from "./TournamentPage";

/** The main navigation's "Tournaments", current on the list and on a tournament's page. */
export function TournamentsLink({ current }: { current: boolean }) {
  const tt = useTT();
  return (
    <a href="#/tournaments" aria-current={current ? "page" : undefined}>
      {tt("nav")}
    </a>
  );
}

export function tournamentHref(name: string): string {
  return `#/tournaments/${name.replace(/^tournaments\//, "")}`;
}

async function everyTournament(signal: AbortSignal): Promise<leaderboards.Tournament[]> {
  const all: leaderboards.Tournament[] = [];
  let pageToken = "";
  do {
    const page = await boards.listTournaments({ pageSize: 500, pageToken }, { signal });
    all.push(...page.tournaments);
    pageToken = page.nextPageToken;
  } while (pageToken !== "" && all.length < 5000);
  return all.reverse(); // the server lists the oldest first
}

export function TournamentList() {
  const tt = useTT();
  const t = useT();
  const intl = useIntl();
  const [found, setFound] = useState<leaderboards.Tournament[]>();
  const [problem, setProblem] = useState<Problem>();
  useEffect(() => {
    const abort = new AbortController();
    everyTournament(abort.signal)
      .then(setFound)
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setProblem(problemOf(e));
      });
    return () => abort.abort();
  }, []);
  return (
    <section className="tournament" aria-labelledby="tournaments-title">
      <h1 id="tournaments-title">{tt("list.title")}</h1>
      <ProblemLine problem={problem} players={[]} />
      {found?.length === 0 && <p>{tt("list.none")}</p>}
      <ul className="tournaments" data-testid="tournaments">
        {(found ?? []).map((tour) => (
          <li key={tour.name}>
            <a href={tournamentHref(tour.name)}>{tour.displayName}</a>
            <br />
            <span className="muted">
              {t("tournament.summary", {
                game: gameText(intl, tour.rules)("title"),
                pairing: tour.pairing,
                round: tour.roundsPaired,
                rounds: tour.rounds,
                status: String(tour.status),
              })}{" "}
              · {tt("list.players", { count: tour.players.length })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
