// "Notify me on my turn": the only place the page asks for the browser's permission to notify, and only
// when the person ticks it (never on load). Off again by unticking; a browser's refusal is said in words.
import { useState } from "react";
import { useT } from "../i18n/text";
import { notificationsAllowed, notifyWanted, setNotifyWanted } from "./useTurnNotice";

export function NotifyToggle() {
  const t = useT();
  const [on, setOn] = useState(() => notifyWanted() && notificationsAllowed());
  const [blocked, setBlocked] = useState(false);
  if (!("Notification" in window)) return null;
  const change = async (wanted: boolean) => {
    const allowed =
      !wanted ||
      Notification.permission === "granted" ||
      (await Notification.requestPermission()) === "granted";
    setBlocked(!allowed);
    setNotifyWanted(wanted && allowed);
    setOn(wanted && allowed);
  };
  return (
    <p className="notify">
      <label>
        <input type="checkbox" checked={on} onChange={(e) => void change(e.target.checked)} />{" "}
        {t("notice.toggle")}
      </label>
      {blocked && <span className="muted"> {t("notice.blocked")}</span>}
    </p>
  );
}
