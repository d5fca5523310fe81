// A refusal where the eye is: beside the board element or button that was clicked (above the board when
// that element is gone), in words ("Not yet: wait 0.3 s"), and gone as soon as it is no longer true: the
// game moves on (the feed drops it), or its time passes (a countdown to retry_at_ms).
import { useEffect, useLayoutEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useIntl } from "react-intl";
import { gameText, useT } from "../i18n/text";
import { problemWords } from "./ErrorLine";
import type { Problem } from "./errors";

const GAP = 6;
const MARGIN = 8;

function useCountdown(retryAtMs: number | undefined, offsetMs: number, onGone: () => void) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (retryAtMs === undefined) return;
    const timer = window.setInterval(() => setNow(Date.now()), 100);
    return () => window.clearInterval(timer);
  }, [retryAtMs]);
  const left = retryAtMs === undefined ? undefined : retryAtMs - (now + offsetMs);
  useEffect(() => {
    if (left !== undefined && left <= 0) onGone();
  }, [left, onGone]);
  return left === undefined ? undefined : Math.max(0.1, Math.ceil(left / 100) / 10);
}

function usePlace(anchor: Element | null, problem: Problem) {
  const [place, setPlace] = useState<{ top: number; left: number } | undefined>();
  useLayoutEffect(() => {
    if (!anchor?.isConnected || !problem) return setPlace(undefined);
    const r = anchor.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return setPlace(undefined);
    const width = Math.min(360, document.documentElement.clientWidth - 2 * MARGIN);
    const left = Math.max(
      MARGIN,
      Math.min(r.left, document.documentElement.clientWidth - width - MARGIN),
    );
    setPlace({ top: r.bottom + window.scrollY + GAP, left: left + window.scrollX });
  }, [anchor, problem]);
  return place;
}

export function ProblemNote(props: {
  problem: Problem;
  anchor: Element | null;
  players: string[];
  rules: string;
  clockOffsetMs: number;
  onGone: () => void;
}) {
  const { problem, players } = props;
  const intl = useIntl();
  const t = useT();
  const seconds = useCountdown(problem.retryAtMs, props.clockOffsetMs, props.onGone);
  const place = usePlace(props.anchor, problem);
  const words = problemWords(
    problem,
    players,
    t,
    (rules, key, values) => gameText(intl, rules)(key, values),
    (names) => intl.formatList(names, { type: "conjunction" }),
    seconds,
  );
  const note = (
    <p
      className={place ? "error problem anchored" : "error problem"}
      role="alert"
      data-testid="problem"
      style={place ? { top: place.top, left: place.left } : undefined}
    >
      {words}{" "}
      <button
        type="button"
        className="dismiss"
        onClick={props.onGone}
        aria-label={t("error.dismiss")}
      >
        ×
      </button>
    </p>
  );
  return place ? createPortal(note, document.body) : note;
}
