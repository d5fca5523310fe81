import { useEffect, useRef } from "react";
import { Announcer } from "../a11y/Announcer";
import { GamePage } from "../game/GamePage";
import { Replay } from "../game/replay/Replay";
import { I18n } from "../i18n/I18n";
import { LanguagePicker } from "../i18n/LanguagePicker";
import { useT } from "../i18n/text";
import { GameList } from "../lobby/GameList";
import { Lobby } from "../lobby/Lobby";
import { TournamentList, TournamentsLink } from "../tournament/TournamentList";
import { TournamentPage } from "../tournament/TournamentPage";
import { type Route, useRoute } from "./route";

export function App() {
  return (
    <I18n>
      <Announcer>
        <Shell />
      </Announcer>
    </I18n>
  );
}

function Shell() {
  const route = useRoute();
  const t = useT();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  const page = route.page === "game" || route.page === "replay" ? route.game : route.page;
  useEffect(() => {
    // A new page moves the focus to its content (as a page load would), after the first.
    if (first.current) first.current = false;
    else if (page) main.current?.focus();
  }, [page]);
  return (
    <div className="app">
      <button type="button" className="skip" onClick={() => main.current?.focus()}>
        {t("app.skip")}
      </button>
      <header className="topbar">
        <a href="#/" className="brand">
          PlayLedger
        </a>
        <nav aria-label={t("app.nav")}>
          <a href="#/" aria-current={route.page === "lobby" ? "page" : undefined}>
            {t("app.newGame")}
          </a>
          <a href="#/games" aria-current={route.page === "games" ? "page" : undefined}>
            {t("app.games")}
          </a>
          <TournamentsLink current={route.page === "tournaments" || route.page === "tournament"} />
        </nav>
        <LanguagePicker />
      </header>
      <main id="content" ref={main} tabIndex={-1}>
        <Page route={route} />
      </main>
    </div>
  );
}

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case "lobby":
      return <Lobby />;
    case "games":
      return <GameList />;
    case "game":
      return <GamePage key={`${route.game}:${route.seat}`} game={route.game} seat={route.seat} />;
    case "replay":
      return <Replay key={`${route.game}:${route.seat}`} game={route.game} seat={route.seat} />;
    case "tournament":
      return <TournamentPage tournament={route.tournament} />;
    case "tournaments":
      return <TournamentList />;
  }
}
