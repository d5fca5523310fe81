// What lies on the table: the podium, and this round's cards (how many of each animal, who played what).
import { useId } from "react";
import { useGameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { ANIMALS, animalName, COLOR, cardName, isHowl, RULES } from "./words";

export function Table(props: { view: ViewOf<"hare-and-tortoise">; players: string[] }) {
  const { view, players } = props;
  const text = useGameText(RULES);
  const id = useId();
  const anyPlayed = view.played.some((cards) => cards.length > 0);
  return (
    <>
      <section aria-labelledby={`${id}-podium`} className="podium">
        <h3 id={`${id}-podium`}>{text("podium.title")}</h3>
        {view.podium.length === 0 ? (
          <p>{text("podium.empty")}</p>
        ) : (
          <ol>
            {view.podium.map((p) => (
              <li key={p.animal}>
                {text("podium.place", { place: p.place, animal: animalName(p.animal, text) })}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby={`${id}-table`} className="table-cards">
        <h3 id={`${id}-table`}>{text("table.title")}</h3>
        <p>
          {ANIMALS.map((a) => (
            <span key={a} className="count" style={{ borderColor: COLOR[a] }}>
              {animalName(a, text)} {view.counts[a] ?? 0}
            </span>
          ))}
        </p>
        {anyPlayed ? (
          <ul>
            {view.played.map((cards, s) =>
              cards.length ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
                <li key={s}>
                  {players[s]}:{" "}
                  {cards.map((c, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a card's place in the play
                    <span key={i} className={isHowl(c) ? "played howl" : "played"}>
                      {i > 0 ? ", " : ""}
                      {cardName(c, text)}
                    </span>
                  ))}
                </li>
              ) : null,
            )}
          </ul>
        ) : (
          <p className="muted">{text("table.empty")}</p>
        )}
      </section>
    </>
  );
}
