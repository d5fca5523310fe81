// Keyboard play for the boards: a grid of board elements crossed with the arrow keys (one tab stop for the
// whole grid: a roving tabindex), Enter or Space to act on an element that is not a <button>, Escape to
// cancel a selection.
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";

/** Props that make any element (an SVG <g>, a <div>) act like a button: focusable, named, Enter/Space. */
export function actionProps(label: string, act: () => void, disabled = false) {
  return {
    role: "button",
    tabIndex: disabled ? -1 : 0,
    "aria-label": label,
    "aria-disabled": disabled || undefined,
    onClick: disabled ? undefined : act,
    onKeyDown: disabled ? undefined : onActivate(act),
  };
}

/** A keydown handler that acts on Enter or Space (and keeps Space from scrolling the page). */
export function onActivate(act: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      act();
    }
  };
}

/** Calls cancel on Escape while active (a selection is held), wherever the focus is. */
export function useEscape(cancel: () => void, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const keys = (e: globalThis.KeyboardEvent) => {
      if (e.key === "Escape") cancel();
    };
    window.addEventListener("keydown", keys);
    return () => window.removeEventListener("keydown", keys);
  }, [cancel, active]);
}

export interface Cell {
  row: number;
  col: number;
}

const MOVES: Record<string, (c: Cell) => Cell> = {
  ArrowUp: (c) => ({ row: c.row - 1, col: c.col }),
  ArrowDown: (c) => ({ row: c.row + 1, col: c.col }),
  ArrowLeft: (c) => ({ row: c.row, col: c.col - 1 }),
  ArrowRight: (c) => ({ row: c.row, col: c.col + 1 }),
};

/** The nearest cell from `from` in the key's direction (cells may be sparse), or undefined at the edge. */
export function nextCell(cells: readonly Cell[], from: Cell, key: string): Cell | undefined {
  const step = MOVES[key];
  if (key === "Home") return cells.find((c) => c.row === from.row);
  if (key === "End") return cells.findLast((c) => c.row === from.row);
  if (step === undefined) return undefined;
  const { row: dr, col: dc } = step({ row: 0, col: 0 });
  const ahead = cells.filter((c) => (c.row - from.row) * dr + (c.col - from.col) * dc > 0);
  const cost = (c: Cell) =>
    Math.abs(c.row - from.row) * (dr ? 1 : 100) + Math.abs(c.col - from.col) * (dc ? 1 : 100);
  return ahead.sort((a, b) => cost(a) - cost(b))[0];
}

/**
 * A roving tabindex over a grid: one Tab stop; arrows move among the cells given, Home/End along the row.
 * cellProps(row, col) goes on each focusable element: a <button> (which acts on Enter and Space itself),
 * or any element with `act` (then Enter and Space call it; give it a role and an aria-label too).
 */
export function useRovingGrid(cells: readonly Cell[]) {
  const [active, setActive] = useState<Cell | undefined>(undefined);
  const elements = useRef(new Map<string, HTMLElement>());
  const current = cells.find((c) => c.row === active?.row && c.col === active?.col) ?? cells[0];
  const cellProps = useCallback(
    (row: number, col: number, act?: () => void) => ({
      tabIndex: current?.row === row && current?.col === col ? 0 : -1,
      ref: (el: HTMLElement | SVGElement | null) => {
        if (el instanceof HTMLElement || el instanceof SVGElement)
          elements.current.set(`${row}:${col}`, el as HTMLElement);
        else elements.current.delete(`${row}:${col}`);
      },
      onFocus: () => setActive({ row, col }),
      onKeyDown: (e: KeyboardEvent) => {
        if (act !== undefined && (e.key === "Enter" || e.key === " ")) {
          e.preventDefault();
          act();
          return;
        }
        const next = nextCell(cells, { row, col }, e.key);
        if (next === undefined) return;
        e.preventDefault();
        setActive(next);
        elements.current.get(`${next.row}:${next.col}`)?.focus();
      },
      "data-row": row,
      "data-col": col,
    }),
    [cells, current],
  );
  return { cellProps, active: current };
}
