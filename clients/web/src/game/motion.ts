// What changed since the page first drew a piece, for the boards' short animations (CSS, each switched off
// under prefers-reduced-motion in its game's stylesheet). The answers stick while the change holds: an
// animation class that came and went on every render would replay.
import { useRef } from "react";

/** Which of `keys` appeared after this piece was first drawn (ants that came onto a path since). */
export function useNewKeys(keys: string[]): Set<string> {
  const before = useRef<Set<string> | null>(null);
  const fresh = useRef(new Set<string>());
  const now = new Set(keys);
  if (before.current !== null)
    for (const k of keys) if (!before.current.has(k)) fresh.current.add(k);
  for (const k of fresh.current) if (!now.has(k)) fresh.current.delete(k);
  before.current = now;
  return fresh.current;
}

/** Whether `present` became true after this piece was first drawn (a pawn that arrived, not one there). */
export function useArrived(present: boolean): boolean {
  return useNewKeys(present ? ["here"] : []).has("here");
}

/** Whether `face` changed after this piece was first drawn (a tile turned over since). */
export function useTurned(face: string): boolean {
  return useNewKeys([face]).has(face);
}
