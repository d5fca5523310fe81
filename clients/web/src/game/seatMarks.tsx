// Each seat's colour with its own shape, so colour never carries the seat alone (and the name is always
// written beside it). Boards use the same marks for a seat's pieces.
export const SEAT_MARKS = [
  { colour: "#b3261e", shape: "circle" },
  { colour: "#1d5fa8", shape: "triangle" },
  { colour: "#2e7d32", shape: "square" },
  { colour: "#8a5a00", shape: "diamond" },
  { colour: "#6b2fa0", shape: "star" },
] as const;

export type SeatShape = (typeof SEAT_MARKS)[number]["shape"];

export function seatMark(seat: number) {
  return (
    SEAT_MARKS[((seat % SEAT_MARKS.length) + SEAT_MARKS.length) % SEAT_MARKS.length] ??
    SEAT_MARKS[0]
  );
}

const PATHS: Record<SeatShape, string> = {
  circle: "M8 2a6 6 0 1 0 0.01 0Z",
  triangle: "M8 2 14.5 14H1.5Z",
  square: "M2.5 2.5h11v11h-11Z",
  diamond: "M8 1.5 14.5 8 8 14.5 1.5 8Z",
  star: "M8 1.5 9.9 6h4.6l-3.7 2.9 1.4 4.6L8 10.8l-4.2 2.7 1.4-4.6L1.5 6h4.6Z",
};

/** The seat's shape in its colour; decorative (aria-hidden): the player's name goes beside it. */
export function SeatMark({ seat, size = 16 }: { seat: number; size?: number }) {
  const mark = seatMark(seat);
  return (
    <svg
      className="seat-mark"
      width={size}
      height={size}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      data-shape={mark.shape}
    >
      <path d={PATHS[mark.shape]} fill={mark.colour} stroke="#1b1b1b" strokeWidth="0.8" />
    </svg>
  );
}
