// What a spectator must not know at a version: the card ids in the seats' views that the public view at
// that same version does not show (the organizer's GetGame holds both). Hands change, and a discarded card
// can be dealt again, so the set is asked for at each version a check needs.
import type { JsonValue, PlayLedgerClient } from "@playledger/client";

const CARD = /^[RB]-[A-Z]+(?:-\d+)?$/;

export function cardIds(value: JsonValue | undefined, out = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    if (CARD.test(value)) out.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) cardIds(v, out);
  } else if (value !== null && typeof value === "object") {
    for (const v of Object.values(value)) cardIds(v, out);
  }
  return out;
}

export function hiddenFromSpectators(organizer: PlayLedgerClient, game: string) {
  const cache = new Map<number, Promise<Set<string>>>();
  let checks = 0;
  const at = (version: number): Promise<Set<string>> => {
    let found = cache.get(version);
    if (found === undefined) {
      found = organizer.getGame(game, { version }).then((g) => {
        const view = (g.view ?? {}) as { spectator?: JsonValue; seats?: JsonValue[] };
        const public_ = cardIds(view.spectator);
        const secret = new Set<string>();
        for (const seat of view.seats ?? [])
          for (const id of cardIds(seat)) if (!public_.has(id)) secret.add(id);
        return secret;
      });
      cache.set(version, found);
    }
    return found;
  };
  return {
    at,
    checked: () => checks,
    /** The hidden ids (at that version) that a message received by the spectator holds. */
    async leaksIn(version: number, data: JsonValue, where: string): Promise<string[]> {
      const secret = await at(version);
      if (secret.size > 0) checks++;
      return [...cardIds(data)]
        .filter((id) => secret.has(id))
        .map((id) => `${where} v${version}: ${id}`);
    },
  };
}

/** The data frames of a gRPC-Web body (5-byte headers; the trailer frame has flag 0x80). */
export function* frames(body: Uint8Array): Generator<Uint8Array> {
  let at = 0;
  while (at + 5 <= body.length) {
    const flags = body[at] ?? 0;
    const length = new DataView(body.buffer, body.byteOffset + at + 1, 4).getUint32(0);
    if ((flags & 0x80) === 0) yield body.subarray(at + 5, at + 5 + length);
    at += 5 + length;
  }
}
