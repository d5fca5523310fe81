// The 4×4 path grid: each card's type, insect and pawns. One Tab stop: the arrow keys cross the grid, Enter
// or Space acts on the card in focus. The Ant picks six cards for its ants (only cards that still fit one of
// the placements the server lists can be picked; Escape clears the pick), the Cicada sits on a card with an
// ant. Insect help (Winter) is one haul card at a time: press it to keep it, or a marked grid card with the
// same insect to take that one instead. A pawn that arrives on a card pops in (motion.ts). Nothing here decides what is legal: every action
// is one of the server's legal commands.
import type { JsonObject, JsonValue, LegalCommand } from "@playledger/client";
import { useCallback, useMemo, useRef } from "react";
import { useEscape, useRovingGrid } from "../../a11y/keyboard";
import { useArrived } from "../../game/motion";
import { type GameText, useGameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import type { Acting } from "./common";
import {
  cardInsect,
  cardNames,
  cardType,
  cellKey,
  cellName,
  insectName,
  list,
  RULES,
  record,
  typeName,
} from "./words";

type Pick = { picked: string[]; setPicked: React.Dispatch<React.SetStateAction<string[]>> };

/** The placements the server lists that still hold every picked card, and what a pick may add. */
function usePlacements(legal: LegalCommand[], picked: string[]) {
  return useMemo(() => {
    const all = legal
      .filter((c) => c.commandType === "place_ants")
      .map((command) => ({ command, cells: list(command.args.cells).map(cellKey) }));
    const fitting = all.filter((p) => picked.every((k) => p.cells.includes(k)));
    const open = new Set(picked.length < 6 ? fitting.flatMap((p) => p.cells) : []);
    const chosen = fitting.find((p) => p.cells.length === picked.length)?.command;
    return { placing: all.length > 0, open, chosen };
  }, [legal, picked]);
}

/** Insect help for the first haul card the server lists a choice for, by the grid card each choice takes. */
function useInsectHelp(legal: LegalCommand[]) {
  return useMemo(() => {
    const all = legal.filter((c) => c.commandType === "resolve_insect");
    const card = all[0]?.args.card;
    const byTake = new Map(
      all.filter((c) => c.args.card === card).map((c) => [String(c.args.take), c] as const),
    );
    return { card: card === undefined ? undefined : String(card), byTake };
  }, [legal]);
}

/** The cards on the grid: the roving focus is rebuilt only when a cell fills or empties. */
function useFilledCells(grid: JsonValue[][]) {
  const filled = grid
    .flatMap((row, r) => row.flatMap((v, c) => (v === null ? [] : [`${r},${c}`])))
    .join(" ");
  return useMemo(
    () =>
      filled
        .split(" ")
        .filter(Boolean)
        .map((k) => {
          const [row = 0, col = 0] = k.split(",").map(Number);
          return { row, col };
        }),
    [filled],
  );
}

/** What pressing a card does: insect help (keep or take), sit the Cicada, or pick for an ant; the command to
 * send, when the press sends one (a pick only toggles). */
function cellAction(
  k: string,
  value: JsonValue,
  on: {
    helps: ReturnType<typeof useInsectHelp>;
    sits: LegalCommand[];
    picked: string[];
    open: Set<string>;
  },
): { doing: string; command?: LegalCommand } {
  const help = value === null ? undefined : on.helps.byTake.get(String(record(value).card));
  if (help) return { doing: help.args.take === help.args.card ? "keep" : "take", command: help };
  const sit = on.sits.find((s) => cellKey(s.args.cell) === k);
  if (sit) return { doing: "sit", command: sit };
  return { doing: on.picked.includes(k) ? "unpick" : on.open.has(k) ? "pick" : "" };
}

export function Grid(props: Acting & Pick & { view: ViewOf<"grasshopper-and-ant"> }) {
  const { view, legal, busy, send, picked, setPicked } = props;
  const text = useGameText(RULES);
  const grid = list(view.grid).map((row) => list(row));
  const { placing, open, chosen } = usePlacements(legal, picked);
  const sits = legal.filter((c) => c.commandType === "place_cicada");
  const helps = useInsectHelp(legal);
  const clear = useCallback(() => setPicked([]), [setPicked]);
  useEscape(clear, picked.length > 0);
  const { cellProps } = useRovingGrid(useFilledCells(grid));
  const wrap = useRef<HTMLDivElement>(null);
  const act = (c: LegalCommand) => {
    wrap.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
    send(c);
  };
  const toggle = (k: string) =>
    setPicked((p) => (p.includes(k) ? p.filter((x) => x !== k) : [...p, k]));
  return (
    <section className="ga-grid-wrap" aria-labelledby="ga-grid-title">
      <h3 id="ga-grid-title">{text("grid.title")}</h3>
      <div className="ga-grid" ref={wrap}>
        <Columns />
        {grid.map((row, r) => [
          // biome-ignore lint/suspicious/noArrayIndexKey: grid rows are positions
          <span key={`row-${r + 1}`} className="ga-axis" aria-hidden="true">
            {r + 1}
          </span>,
          ...row.map((value, c) => {
            const k = `${r},${c}`;
            const { doing, command } = cellAction(k, value, { helps, sits, picked, open });
            const onAct = () => {
              if (busy || !doing) return;
              if (command) act(command);
              else toggle(k);
            };
            return (
              <Cell
                key={k}
                at={[r, c]}
                cell={value === null ? null : record(value)}
                doing={doing}
                selected={picked.includes(k)}
                text={text}
                onAct={onAct}
                props={cellProps(r, c)}
              />
            );
          }),
        ])}
      </div>
      {placing && (
        <PlaceBar
          count={picked.length}
          chosen={chosen}
          busy={busy}
          text={text}
          onPlace={act}
          onClear={clear}
        />
      )}
      {sits.length > 0 && <p className="ga-hint">{text("grid.help.sit")}</p>}
      {helps.card !== undefined && (
        <p className="ga-hint">
          {text("grid.help.insect", { card: cardNames([helps.card], text) })}
        </p>
      )}
    </section>
  );
}

function Columns() {
  return (
    <>
      <span />
      {["A", "B", "C", "D"].map((c) => (
        <span key={c} className="ga-axis" aria-hidden="true">
          {c}
        </span>
      ))}
    </>
  );
}

function PlaceBar(props: {
  count: number;
  chosen: LegalCommand | undefined;
  busy: boolean;
  text: GameText;
  onPlace: (c: LegalCommand) => void;
  onClear: () => void;
}) {
  const { count, chosen, busy, text } = props;
  return (
    <div className="ga-actions">
      <span role="status">{text("grid.help.place", { count })}</span>
      <button
        type="button"
        className="primary"
        disabled={busy || !chosen}
        onClick={() => chosen && props.onPlace(chosen)}
      >
        {text("grid.place")}
      </button>
      {count > 0 && (
        <button type="button" onClick={props.onClear}>
          {text("grid.clear")}
        </button>
      )}
    </div>
  );
}

function Hidden({ children }: { children: React.ReactNode }) {
  return <span className="visually-hidden">{children}</span>;
}

type CellProps = ReturnType<ReturnType<typeof useRovingGrid>["cellProps"]>;

function Cell(props: {
  at: [number, number];
  cell: JsonObject | null;
  doing: string;
  selected: boolean;
  text: GameText;
  onAct: () => void;
  props: CellProps;
}) {
  const { at, cell, doing, selected, text } = props;
  const name = cellName(at);
  const antArrived = useArrived(cell?.ant === true);
  const cicadaArrived = useArrived(cell?.cicada === true);
  if (cell === null) {
    return (
      <div className="ga-cell ga-empty">
        <span className="ga-cell-name">{text("cell.empty", { cell: name })}</span>
      </div>
    );
  }
  const card = String(cell.card);
  const type = cardType(card);
  const insect = cardInsect(card);
  const cls = [
    "ga-cell",
    `ga-${type}`,
    selected ? "ga-selected" : "",
    cell.ant === true ? "ga-has-ant" : "",
    doing ? "ga-clickable" : "",
  ];
  // The button's name is its text: what is drawn, with separators and the action for screen readers.
  return (
    <button
      type="button"
      className={cls.filter(Boolean).join(" ")}
      aria-pressed={doing === "pick" || doing === "unpick" ? selected : undefined}
      aria-disabled={doing ? undefined : true}
      data-cell={name}
      data-doing={doing || undefined}
      {...props.props}
      onClick={props.onAct}
    >
      <span className="ga-cell-name">{name}</span>
      <Hidden>: </Hidden>
      <span className="ga-cell-type">{typeName(type, text)}</span>
      {insect && <Hidden>, </Hidden>}
      {insect && <span className="ga-cell-insect">{insectName(insect, text)}</span>}
      <span className="ga-pawns">
        {cell.ant === true && <Hidden>, </Hidden>}
        {cell.ant === true && (
          <span className={antArrived ? "ga-ant ga-arrived" : "ga-ant"}>{text("cell.ant")}</span>
        )}
        {cell.cicada === true && <Hidden>, </Hidden>}
        {cell.cicada === true && (
          <span className={cicadaArrived ? "ga-cicada ga-arrived" : "ga-cicada"}>
            {text("role.cicada")}
          </span>
        )}
        {selected && <Hidden>, </Hidden>}
        {selected && <span className="ga-ant ga-ghost">{text("cell.ghost")}</span>}
      </span>
      {doing && <Hidden>, {text(`cell.do.${doing}`)}</Hidden>}
    </button>
  );
}
