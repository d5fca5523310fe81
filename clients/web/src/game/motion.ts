// What changed since the page first drew a piece, for the boards' short animations (CSS, each switched off
// under prefers-reduced-motion in its game's stylesheet). Both answers stick while the change holds: an
// animation class that came and went on every render would replay.
import { useRef } from "react";

/** Whether `present` became true after this piece was first drawn (a pawn that arrived, not one there). */
export function useArrived(present: boolean): boolean {
  const before = useRef(present);
  const arrived = useRef(false);
  if (!before.current && present) arrived.current = true;
  if (!present) arrived.current = false;
  before.current = present;
  return arrived.current;
}

/** Whether `face` changed after this piece was first drawn (a tile turned over since). */
export function useTurned(face: string): boolean {
  const before = useRef(face);
  const turned = useRef(false);
  if (before.current !== face) turned.current = true;
  before.current = face;
  return turned.current;
}
