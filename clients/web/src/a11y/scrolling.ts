// A box that may scroll sideways (a drawing wider than its panel) must be reachable by keyboard when it
// does scroll (WCAG 2.1.1; axe's scrollable-region-focusable), and should not be an extra Tab stop when
// it does not. Whether it scrolls depends on the panel's width, known only once laid out: measured after
// every render (the drawing may have grown or shrunk) and whenever the box is resized (the window).
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";

export function useScrollsSideways<T extends HTMLElement>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  const [scrolls, setScrolls] = useState(false);
  const check = () => {
    const box = ref.current;
    if (box !== null) setScrolls(box.scrollWidth > box.clientWidth + 1);
  };
  useLayoutEffect(check);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one observer for the box's life; check reads the ref
  useEffect(() => {
    const box = ref.current;
    if (box === null) return;
    const sizes = new ResizeObserver(check);
    sizes.observe(box);
    return () => sizes.disconnect();
  }, []);
  return [ref, scrolls];
}
