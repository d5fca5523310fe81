import { GamePage } from "../game/GamePage";
import { Replay } from "../game/Replay";
import { GameList } from "../lobby/GameList";
import { Lobby } from "../lobby/Lobby";
import { TournamentPage } from "../tournament/TournamentPage";
import { useRoute } from "./route";

export function App() {
  const route = useRoute();
  return (
    <div className="app">
      <header className="topbar">
        <a href="#/" className="brand">
          PlayLedger
        </a>
        <nav aria-label="main">
          <a href="#/">New game</a>
          <a href="#/games">Games</a>
        </nav>
      </header>
      <main>
        {route.page === "lobby" && <Lobby />}
        {route.page === "games" && <GameList />}
        {route.page === "game" && <GamePage key={route.game} game={route.game} seat={route.seat} />}
        {route.page === "replay" && <Replay key={route.game} game={route.game} seat={route.seat} />}
        {route.page === "tournament" && <TournamentPage tournament={route.tournament} />}
      </main>
    </div>
  );
}
