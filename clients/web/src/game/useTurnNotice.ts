// Your turn while you look elsewhere: when it becomes this seat's turn and the page is hidden (another tab,
// a minimised window), the tab's title says so until the page is seen again, and a browser notification
// tells it too if the person asked for one (NotifyToggle: permission is asked only from that click).
import { useEffect, useRef } from "react";
import { useGameText, useT } from "../i18n/text";

const NOTIFY_KEY = "playledger.notify.v1";

export function notifyWanted(): boolean {
  try {
    return localStorage.getItem(NOTIFY_KEY) === "yes";
  } catch {
    return false;
  }
}

export function setNotifyWanted(wanted: boolean): void {
  try {
    if (wanted) localStorage.setItem(NOTIFY_KEY, "yes");
    else localStorage.removeItem(NOTIFY_KEY);
  } catch {
    // storage refused: no notification, the title still tells
  }
}

export function notificationsAllowed(): boolean {
  return "Notification" in window && Notification.permission === "granted";
}

/**
 * Marks the tab (and notifies, if wanted) when `myTurn` becomes true while the page is hidden; the title
 * comes back when the page is visible again or the turn passes.
 */
export function useTurnNotice(myTurn: boolean, rules: string): void {
  const t = useT();
  const text = useGameText(rules);
  const game = text.has("title") ? text("title") : rules;
  // e.g. "(Your turn) Atiwa" on the tab; "Atiwa" / "Your turn." in the notification.
  const words = useRef({ title: "", heading: "", body: "" });
  words.current = { title: t("notice.tab", { game }), heading: game, body: t("turn.yours") };
  const was = useRef(myTurn);
  useEffect(() => {
    const became = myTurn && !was.current;
    was.current = myTurn;
    if (!became || !document.hidden) return;
    const before = document.title;
    document.title = words.current.title;
    let shown: Notification | undefined;
    if (notifyWanted() && notificationsAllowed()) {
      try {
        shown = new Notification(words.current.heading, {
          body: words.current.body,
          tag: "playledger-turn",
        });
        shown.onclick = () => window.focus();
      } catch {
        // some browsers allow notifications only from a service worker: the title still tells
      }
    }
    const restore = () => {
      if (document.hidden) return;
      document.title = before;
      shown?.close();
      document.removeEventListener("visibilitychange", restore);
    };
    document.addEventListener("visibilitychange", restore);
    return () => {
      document.removeEventListener("visibilitychange", restore);
      if (document.title === words.current.title) document.title = before;
      shown?.close();
    };
  }, [myTurn]);
}
