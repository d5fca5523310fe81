// The end of the game explained: each player's place and score broken down by the rule that gave it, the tie
// rule the server applied, and what was hidden until now. Every number is the server's (the final view and
// the outcome's placements); the page adds nothing up.
import type { Game } from "@playledger/client";
import { type GameText, useGameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { InsectPile } from "./Autumn";
import { Reveal } from "./Markers";
import {
  cardNames,
  list,
  PATH_TYPES,
  pointsTable,
  provisionName,
  RULES,
  record,
  strings,
  tieKey,
  typeName,
} from "./words";

type View = ViewOf<"grasshopper-and-ant">;

function shelvesOf(view: View, s: number, text: GameText): string {
  const shelves = record(list(view.pantry)[s]);
  const on = PATH_TYPES.filter((t) => Number(shelves[t] ?? 0) > 0);
  return on.length
    ? on
        .map((t) => text("results.shelf", { type: typeName(t, text), at: Number(shelves[t]) }))
        .join(", ")
    : text("results.noShelf");
}

function AutumnRow({ view, s, text }: { view: View; s: number; text: GameText }) {
  return (
    <>
      <td>
        {shelvesOf(view, s, text)}
        {": "}
        <strong data-testid="ga-shelf-points">
          {text("results.points", { count: Number(list(view.shelf_points)[s] ?? 0) })}
        </strong>
      </td>
      <td>
        <InsectPile cards={strings(list(view.insect_cards)[s])} />{" "}
        <span className="muted">
          {text("results.insectCards", { count: Number(list(view.insect_counts)[s] ?? 0) })}
        </span>
        {typeof list(view.insect_points)[s] === "number" && (
          <>
            {": "}
            <strong data-testid="ga-insect-points">
              {text("results.points", { count: Number(list(view.insect_points)[s]) })}
            </strong>
          </>
        )}
      </td>
    </>
  );
}

function WinterRow({ view, s, text }: { view: View; s: number; text: GameText }) {
  const provisions = strings(list(view.provisions)[s]);
  const beetle = list(view.power_cards)
    .map(record)
    .some((p) => p.power === "PW-BEETLE" && p.holder === s);
  const cocoon = record(list(view.cocoons)[s]);
  return (
    <>
      <td>
        {provisions.length
          ? provisions.map((p) => provisionName(p, text)).join(", ")
          : text("nothing")}
        {beetle && ` + ${text("results.beetle")}`}
      </td>
      <td>
        {text("results.supply", { count: strings(list(view.supplies)[s]).length })}
        {typeof cocoon.card === "string" &&
          ` · ${text("players.cocoon", { card: cardNames([cocoon.card], text) })}`}
      </td>
    </>
  );
}

export function Results({ view, game }: { view: View; game: Game }) {
  const text = useGameText(RULES);
  if (view.finished !== true) return null;
  const winter = view.mode === "winter";
  const scores = list(view.scores).map(Number);
  const places = game.status.outcome?.placements ?? [];
  const seats = game.players
    .map((name, s) => ({ name, s, place: places[s] }))
    .sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || a.s - b.s);
  const tie = tieKey(game);
  return (
    <section className="ga-results" aria-labelledby="ga-results-title" data-testid="ga-results">
      <h3 id="ga-results-title">{text("results.title")}</h3>
      <p>
        {winter
          ? text("results.howWinter")
          : text("results.howAutumn", {
              shelf: pointsTable("shelf_points"),
              insects: pointsTable("insect_points"),
            })}
      </p>
      <section
        className="table-wrap"
        aria-labelledby="ga-results-title"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways, by keyboard too
        tabIndex={0}
      >
        <table>
          <thead>
            <tr>
              <th scope="col">{text("results.place")}</th>
              <th scope="col">{text("pantry.player")}</th>
              <th scope="col">{text(winter ? "results.provisions" : "results.shelves")}</th>
              <th scope="col">{text(winter ? "results.tieWinter" : "results.insects")}</th>
              <th scope="col">{text("results.total")}</th>
            </tr>
          </thead>
          <tbody>
            {seats.map(({ name, s, place }) => (
              <tr key={s} data-seat={s}>
                <td>{place ?? ""}</td>
                <th scope="row">{name}</th>
                {winter ? (
                  <WinterRow view={view} s={s} text={text} />
                ) : (
                  <AutumnRow view={view} s={s} text={text} />
                )}
                <td data-testid="ga-total">{scores[s] ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p data-testid="ga-tie">{tie ? text(tie) : text("results.noTie")}</p>
      <p>{text(winter ? "results.revealedWinter" : "results.revealedAutumn")}</p>
      <Reveal view={view} names={game.players} />
    </section>
  );
}
