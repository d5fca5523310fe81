// Hash routes: #/ (lobby), #/games (list), #/games/ID, #/games/ID/replay, #/tournaments, #/tournaments/ID.
import { useEffect, useState } from "react";
import { hold } from "./seats";

export type Route =
  | { page: "lobby" }
  | { page: "games" }
  | { page: "game"; game: string; seat?: number }
  | { page: "replay"; game: string; seat?: number }
  | { page: "tournament"; tournament: string }
  | { page: "tournaments" };

export function parse(hash: string): Route {
  const [path = "", query = ""] = hash.replace(/^#/, "").split("?", 2);
  const params = new URLSearchParams(query);
  const parts = path.split("/").filter(Boolean);
  const seatParam = params.get("seat");
  const seat = seatParam === null || seatParam === "" ? undefined : Number(seatParam);
  if (parts[0] === "games" && parts[1] !== undefined) {
    const game = `games/${parts[1]}`;
    const token = params.get("token");
    if (token !== null && seat !== undefined) {
      hold(game, (h) => ({ ...h, mine: seat, tokens: { ...h.tokens, [String(seat)]: token } }));
      // The token leaves the address bar (and the history) as soon as it is stored.
      window.history.replaceState(null, "", `#/games/${parts[1]}?seat=${seat}`);
    }
    const withSeat = seat === undefined ? {} : { seat };
    return parts[2] === "replay"
      ? { page: "replay", game, ...withSeat }
      : { page: "game", game, ...withSeat };
  }
  if (parts[0] === "games") return { page: "games" };
  if (parts[0] === "tournaments" && parts[1] !== undefined) {
    return { page: "tournament", tournament: `tournaments/${parts[1]}` };
  }
  if (parts[0] === "tournaments") return { page: "tournaments" };
  return { page: "lobby" };
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parse(window.location.hash));
  useEffect(() => {
    const changed = () => setRoute(parse(window.location.hash));
    window.addEventListener("hashchange", changed);
    return () => window.removeEventListener("hashchange", changed);
  }, []);
  return route;
}

export function gameHref(game: string, seat?: number): string {
  const id = game.replace(/^games\//, "");
  return seat === undefined ? `#/games/${id}` : `#/games/${id}?seat=${seat}`;
}

export function replayHref(game: string, seat?: number): string {
  const id = game.replace(/^games\//, "");
  return seat === undefined ? `#/games/${id}/replay` : `#/games/${id}/replay?seat=${seat}`;
}
