// Seat tokens in this browser. An invite link carries its token in the URL fragment
// (#/games/ID?seat=1&token=…): browsers never send a fragment to the server, so it is
// never in a request line or a log. The page keeps it in localStorage and takes it out
// of the address bar at once.

export interface HeldGame {
  /** The seat this browser plays, if any (a friend's invite, or the creator's own seat). */
  mine?: number;
  /** Tokens this browser holds, by seat (the creator holds every seat's, to hand out invites). */
  tokens: Record<string, string>;
  /** Unused since bots are the server's (kept so stored entries of earlier pages still read). */
  bots: number[];
}

const KEY = "playledger.seats.v1";

function load(): Record<string, HeldGame> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? "{}") as Record<string, HeldGame>;
  } catch {
    return {};
  }
}

function save(all: Record<string, HeldGame>): void {
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function held(game: string): HeldGame {
  return load()[game] ?? { tokens: {}, bots: [] };
}

export function hold(game: string, update: (held: HeldGame) => HeldGame): void {
  const all = load();
  all[game] = update(all[game] ?? { tokens: {}, bots: [] });
  save(all);
}

export function tokenOf(game: string, seat: number | undefined): string | undefined {
  return seat === undefined ? undefined : held(game).tokens[String(seat)];
}

/** The link that seats a friend: the token rides in the fragment, never in the path or query. */
export function inviteLink(game: string, seat: number, token: string): string {
  const id = game.replace(/^games\//, "");
  return `${window.location.origin}/#/games/${id}?seat=${seat}&token=${encodeURIComponent(token)}`;
}
