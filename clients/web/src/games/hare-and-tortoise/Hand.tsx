// Your hand and bets: cards to select (one Tab stop; the arrow keys move along the hand, Space or Enter
// selects, Escape clears), and the bet or play the selection makes when the server lists it. Howl wolf
// cards are marked.
import type { LegalCommand } from "@playledger/client";
import { type RefObject, useId, useMemo, useRef } from "react";
import { useRovingGrid } from "../../a11y/keyboard";
import { useGameText } from "../../i18n/text";
import { COLOR, cardAnimal, cardName, cardNames, isHowl, RULES } from "./words";

function sameCards(a: unknown, b: string[]): boolean {
  const got = (Array.isArray(a) ? a : []).map(String).sort();
  const want = [...b].sort();
  return got.length === want.length && got.every((c, i) => c === want[i]);
}

export function Hand(props: {
  hand: string[];
  bets: string[];
  selected: string[];
  onSelect: (cards: string[]) => void;
  legal: LegalCommand[];
  busy: boolean;
  send: (c: LegalCommand) => void;
}) {
  const { hand, bets, selected, legal, busy, send } = props;
  const text = useGameText(RULES);
  const id = useId();
  const row = useRef<HTMLDivElement>(null);
  // The button pressed goes away with the selection: the focus goes back to the hand, not to the page.
  const act = (c: LegalCommand) => {
    row.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
    send(c);
  };
  const toggle = (card: string) =>
    props.onSelect(
      selected.includes(card) ? selected.filter((c) => c !== card) : [...selected, card],
    );
  const bet = legal.find(
    (c) =>
      c.commandType === "choose_second_bet" && selected.length === 1 && c.args.card === selected[0],
  );
  const play = legal.find(
    (c) => c.commandType === "play_cards" && sameCards(c.args.cards, selected),
  );
  const help = legal.some((c) => c.commandType === "choose_second_bet")
    ? text("hand.help.bet")
    : legal.some((c) => c.commandType === "play_cards")
      ? text("hand.help.play")
      : undefined;
  return (
    <section aria-labelledby={`${id}-h`} className="hand">
      <h3 id={`${id}-h`}>{text("hand.title")}</h3>
      {help && (
        <p className="muted" id={`${id}-help`}>
          {help}
        </p>
      )}
      <Cards
        hand={hand}
        selected={selected}
        onToggle={toggle}
        describedBy={help ? `${id}-help` : undefined}
        row={row}
      />
      <div className="actions">
        {bet && (
          <button type="button" className="primary" disabled={busy} onClick={() => act(bet)}>
            {text("hand.bet", { card: cardName(bet.args.card, text) })}
          </button>
        )}
        {play && (
          <button type="button" className="primary" disabled={busy} onClick={() => act(play)}>
            {text("hand.play", { cards: cardNames(selected, text) })}
          </button>
        )}
        <span className="muted" role="status">
          {selected.length > 0 && !bet && !play && legal.length > 0 ? text("hand.notLegal") : ""}
        </span>
      </div>
      <p>
        {bets.length
          ? text("hand.bets", { bets: bets.map((b) => cardName(b, text)).join(", ") })
          : text("hand.noBets")}
      </p>
    </section>
  );
}

/** The cards, one Tab stop: the arrow keys move along them, Space or Enter selects one. */
function Cards(props: {
  hand: string[];
  selected: string[];
  onToggle: (card: string) => void;
  describedBy: string | undefined;
  row: RefObject<HTMLDivElement | null>;
}) {
  const { hand, selected } = props;
  const text = useGameText(RULES);
  const count = hand.length;
  const cells = useMemo(
    () => Array.from({ length: count }, (_, col) => ({ row: 0, col })),
    [count],
  );
  const { cellProps } = useRovingGrid(cells);
  return (
    <div className="cards" ref={props.row}>
      {hand.map((card, col) => {
        const animal = cardAnimal(card);
        const chosen = selected.includes(card);
        return (
          <button
            // Keyed by place in the hand: the focus stays where it was when the hand changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={col}
            type="button"
            className={["card", chosen ? "selected" : "", isHowl(card) ? "howl" : ""]
              .join(" ")
              .trim()}
            style={animal ? { borderLeftColor: COLOR[animal] } : undefined}
            aria-pressed={chosen}
            aria-describedby={props.describedBy}
            {...cellProps(0, col)}
            onClick={() => props.onToggle(card)}
          >
            {cardName(card, text)}
          </button>
        );
      })}
    </div>
  );
}
