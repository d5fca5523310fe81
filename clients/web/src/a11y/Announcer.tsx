// One announcer for the whole page: screen readers hear "your turn" and the other players' moves through
// a polite live region (an urgent message through an assertive one). Messages that come in a burst (a
// bot's move and its consequences) are read as one, the last three of them.
import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";

export type Announce = (message: string, options?: { urgent?: boolean }) => void;

const AnnouncerContext = createContext<Announce>(() => {});

/** announce("Your turn."): says it once through the page's live region. */
export function useAnnounce(): Announce {
  return use(AnnouncerContext);
}

const GATHER_MS = 400;
const KEEP = 3;

export function Announcer({ children }: { children: ReactNode }) {
  const [polite, setPolite] = useState("");
  const [urgent, setUrgent] = useState("");
  const pending = useRef<string[]>([]);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const announce = useCallback<Announce>((message, options) => {
    if (!message) return;
    if (options?.urgent) {
      setUrgent((now) => (now === message ? `${message}\u00a0` : message)); // the same words again are news
      return;
    }
    pending.current = [...pending.current, message].slice(-KEEP);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const said = pending.current.join(" ");
      pending.current = [];
      setPolite((now) => (now === said ? `${said}\u00a0` : said));
    }, GATHER_MS);
  }, []);
  return (
    <AnnouncerContext value={announce}>
      {children}
      <div className="visually-hidden" aria-live="polite" data-testid="announcer">
        {polite}
      </div>
      <div className="visually-hidden" aria-live="assertive">
        {urgent}
      </div>
    </AnnouncerContext>
  );
}
