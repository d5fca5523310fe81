// Keyboard play across a board drawn freely (Atiwa's action spaces and play area, the Antics ant-hills,
// meadow, display and hatcheries): a group of buttons is one Tab stop; Left and Right go to the previous and
// next button in reading order, Up and Down to the nearest one in the row above or below as drawn, Home and
// End to the first and last. When the focused button goes away because its move was made, the focus stays in
// the group if the group still has buttons, so a run of moves needs no Tab at all.
import {
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";

// Whether the last input was a key (not a pointer): only then does the page move a lost focus for you.
let byKeyboard = false;
if (typeof window !== "undefined") {
  window.addEventListener("keydown", () => (byKeyboard = true), true);
  window.addEventListener("pointerdown", () => (byKeyboard = false), true);
}

/** Focus was lost: nothing (or a removed element) holds it. */
function focusLost(): boolean {
  const focused = document.activeElement;
  return focused === null || focused === document.body || !focused.isConnected;
}

interface Box {
  key: string;
  top: number;
  left: number;
}

const SAME_ROW = 8; // px: boxes whose tops differ by less are in one drawn row

function boxes(keys: readonly string[], elements: Map<string, HTMLElement>): Box[] {
  return keys.flatMap((key) => {
    const r = elements.get(key)?.getBoundingClientRect();
    return r ? [{ key, top: r.top, left: r.left }] : [];
  });
}

function readingOrder(list: Box[]): Box[] {
  return [...list].sort((a, b) =>
    Math.abs(a.top - b.top) < SAME_ROW ? a.left - b.left : a.top - b.top,
  );
}

/** The key of the button a key press moves to from `from`, or undefined (no such button). */
export function moveFrom(list: Box[], from: string, key: string): string | undefined {
  const order = readingOrder(list);
  const i = order.findIndex((b) => b.key === from);
  const here = order[i];
  if (here === undefined) return undefined;
  if (key === "ArrowRight") return order[i + 1]?.key;
  if (key === "ArrowLeft") return order[i - 1]?.key;
  if (key === "Home") return order[0]?.key;
  if (key === "End") return order[order.length - 1]?.key;
  if (key !== "ArrowDown" && key !== "ArrowUp") return undefined;
  const sign = key === "ArrowDown" ? 1 : -1;
  const ahead = order.filter((b) => sign * (b.top - here.top) >= SAME_ROW);
  const nearest = Math.min(...ahead.map((b) => Math.abs(b.top - here.top)));
  const row = ahead.filter((b) => Math.abs(Math.abs(b.top - here.top) - nearest) < SAME_ROW);
  row.sort((a, b) => Math.abs(a.left - here.left) - Math.abs(b.left - here.left));
  return row[0]?.key;
}

/**
 * A roving tabindex over the buttons named by `keys` (in document order): `props(key)` goes on each.
 * The first is the Tab stop until another one is focused.
 */
export function useRoving(keys: readonly string[]) {
  const [active, setActive] = useState<string>();
  const elements = useRef(new Map<string, HTMLElement>());
  const inside = useRef(false);
  const current = active !== undefined && keys.includes(active) ? active : keys[0];
  useEffect(() => {
    if (!inside.current || !focusLost()) return;
    if (current === undefined) inside.current = false;
    else if (byKeyboard) elements.current.get(current)?.focus();
  });
  const props = useCallback(
    (key: string) => ({
      tabIndex: key === current ? 0 : -1,
      ref: (el: HTMLElement | null) => {
        if (el) elements.current.set(key, el);
        else elements.current.delete(key);
      },
      onFocus: () => {
        inside.current = true;
        setActive(key);
      },
      onBlur: (e: FocusEvent<HTMLElement>) => {
        const to = e.relatedTarget;
        const left = e.currentTarget;
        if (to !== null) {
          inside.current = [...elements.current.values()].includes(to as HTMLElement);
        } else {
          // Focus went nowhere: a click outside (the button is still there) or its move was made.
          queueMicrotask(() => {
            if (left.isConnected && document.activeElement !== left) inside.current = false;
          });
        }
      },
      onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
        const next = moveFrom(boxes(keys, elements.current), key, e.key);
        if (next === undefined) return;
        e.preventDefault();
        setActive(next);
        elements.current.get(next)?.focus();
      },
    }),
    [keys, current],
  );
  return props;
}

/**
 * When the focus was inside `root` and got lost (the button pressed went away with its move), it goes to
 * `home` while `active` (it is your turn), for a keyboard user; a pointer user's page stays where it is.
 */
export function useKeepFocus(
  root: RefObject<HTMLElement | null>,
  home: RefObject<HTMLElement | null>,
  active: boolean,
): void {
  const within = useRef(false);
  useEffect(() => {
    const el = root.current;
    if (el === null) return;
    const enter = () => {
      within.current = true;
    };
    const leave = (e: globalThis.FocusEvent) => {
      if (e.relatedTarget !== null && !el.contains(e.relatedTarget as Node)) within.current = false;
    };
    el.addEventListener("focusin", enter);
    el.addEventListener("focusout", leave);
    return () => {
      el.removeEventListener("focusin", enter);
      el.removeEventListener("focusout", leave);
    };
  }, [root]);
  useEffect(() => {
    if (active && within.current && byKeyboard && focusLost()) home.current?.focus();
  });
}

/** What `useRoving(keys)` gives each of its buttons. */
export type RovingProps = ReturnType<ReturnType<typeof useRoving>>;

/**
 * The props that make an SVG <g> (which cannot be a <button>) one button of a roving group: its Tab stop
 * and arrow keys from `r`, and Enter, Space or a click acting.
 */
export function svgButtonProps(r: RovingProps, act: () => void) {
  return {
    role: "button",
    tabIndex: r.tabIndex,
    ref: r.ref as unknown as Ref<SVGGElement>,
    onFocus: r.onFocus,
    onBlur: r.onBlur as unknown as (e: FocusEvent<SVGGElement>) => void,
    onKeyDown: (e: KeyboardEvent<SVGGElement>) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        act();
      } else r.onKeyDown(e as unknown as KeyboardEvent<HTMLElement>);
    },
    onClick: act,
  };
}
