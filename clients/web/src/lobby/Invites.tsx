// A game made: each friend's invite link (it seats them; the token rides after #), and the way to the table.
import { gameHref } from "../app/route";
import { SeatMark } from "../game/seatMarks";
import { useT } from "../i18n/text";

export interface Created {
  game: string;
  mine?: number;
  invites: { seat: number; player: string; link: string }[];
}

export function Invites({ created }: { created: Created }) {
  const t = useT();
  return (
    <section className="invites" aria-labelledby="invites-title">
      <h2 id="invites-title">{t("invites.title")}</h2>
      {created.invites.length > 0 && (
        <>
          <p>{t("invites.send")}</p>
          <ul>
            {created.invites.map((i) => (
              <li key={i.seat}>
                <SeatMark seat={i.seat} /> <span>{i.player}</span>{" "}
                <input
                  readOnly
                  value={i.link}
                  aria-label={t("invites.link", { name: i.player })}
                  className="link"
                />
                <button type="button" onClick={() => void navigator.clipboard?.writeText(i.link)}>
                  {t("invites.copy")}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <a className="button primary" href={gameHref(created.game, created.mine)}>
        {created.mine === undefined ? t("invites.watch") : t("invites.table")}
      </a>
    </section>
  );
}
