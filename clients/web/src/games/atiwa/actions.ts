// What an action space does, read from the words the server's view gives for it ("take 1 bat + 1 gold",
// "buy a farm (left space)", ...), so the page can say it in its own language. Whether a space gains the
// seat nothing the server's view says itself (a space's `gains_nothing`); the page decides no rule.
import type { GameText } from "../../i18n/text";

/** A piece kind and how many of it. */
export type Items = [string, number][];

export type ActionBody =
  | { kind: "take"; items: Items }
  | { kind: "display"; n: number }
  | { kind: "treeWithFruit"; n: number }
  | { kind: "choice"; options: Items[] }
  | { kind: "paidTrain"; gold: number }
  | { kind: "exchange"; gold: number; items: Items }
  | { kind: "perNature"; items: Items }
  | { kind: "location"; location: string; side: "left" | "right" }
  | { kind: "draw" }
  | { kind: "train" }
  | { kind: "batsIntoHuts" }
  | { kind: "unknown"; words: string };

export type Action = ActionBody & { bonus: boolean };

const KINDS: Record<string, string> = {
  family: "FAMILY",
  wild: "WILD",
  tree: "TREE",
  fruit: "FRUIT",
  goat: "GOAT",
  bat: "BAT",
  gold: "GOLD",
};

/** "2 tree + 1 bat" -> [["TREE", 2], ["BAT", 1]]; undefined when it is not such a list. */
function items(words: string): Items | undefined {
  const out: Items = [];
  for (const part of words.split(" + ")) {
    const m = /^(\d+) ([a-z]+)$/.exec(part.trim());
    const kind = m ? KINDS[m[2] ?? ""] : undefined;
    if (!m || kind === undefined) return undefined;
    out.push([kind, Number(m[1])]);
  }
  return out;
}

type Body = Exclude<ActionBody, { kind: "unknown" }>;

const SHAPES: [RegExp, (m: RegExpExecArray) => Body | undefined][] = [
  [/^draw a terrain card$/, () => ({ kind: "draw" })],
  [/^train a family$/, () => ({ kind: "train" })],
  [/^a bat into each empty hut$/, () => ({ kind: "batsIntoHuts" })],
  [/^take displayed terrain (\d+)$/, (m) => ({ kind: "display", n: Number(m[1]) })],
  [/^(\d+) tree with fruit$/, (m) => ({ kind: "treeWithFruit", n: Number(m[1]) })],
  [/^pay (\d+) gold: up to 3 trainings$/, (m) => ({ kind: "paidTrain", gold: Number(m[1]) })],
  [
    /^buy a ([a-z]+) \((left|right) space\)$/,
    (m) => ({
      kind: "location",
      location: (m[1] ?? "").toUpperCase(),
      side: m[2] === "left" ? "left" : "right",
    }),
  ],
  [
    /^pay (\d+) gold: take (.+)$/,
    (m) => {
      const got = items(m[2] ?? "");
      return got && { kind: "exchange", gold: Number(m[1]), items: got };
    },
  ],
  [
    /^take (.+) per nature symbol$/,
    (m) => {
      const got = items(m[1] ?? "");
      return got && { kind: "perNature", items: got };
    },
  ],
  [
    /^take (.+)$/,
    (m) => {
      const got = items(m[1] ?? "");
      return got && { kind: "take", items: got };
    },
  ],
  [
    /^choose (.+) or (.+)$/,
    (m) => {
      const a = items(m[1] ?? "");
      const b = items(m[2] ?? "");
      return a && b && { kind: "choice", options: [a, b] };
    },
  ],
];

const BONUS = "bonus with 4 terrain cards: ";

/** One of a space's actions as the view words it, read back into its parts. */
export function parseAction(words: string): Action {
  const bonus = words.startsWith(BONUS);
  const rest = bonus ? words.slice(BONUS.length) : words;
  for (const [pattern, build] of SHAPES) {
    const m = pattern.exec(rest);
    const body = m ? build(m) : undefined;
    if (body) return { ...body, bonus };
  }
  return { kind: "unknown", words, bonus };
}

/** "2 trees + 1 fruit bat" in the page's language. */
export function itemsText(list: Items, text: GameText): string {
  return list.map(([kind, n]) => text(`piece.${kind}`, { count: n })).join(" + ");
}

function bodyText(a: Action, text: GameText): string {
  switch (a.kind) {
    case "take":
      return text("action.take", { items: itemsText(a.items, text) });
    case "display":
      return text("action.display", { n: a.n });
    case "treeWithFruit":
      return text("action.treeWithFruit", { count: a.n });
    case "choice":
      return text("action.choice", {
        first: itemsText(a.options[0] ?? [], text),
        second: itemsText(a.options[1] ?? [], text),
      });
    case "paidTrain":
      return text("action.paidTrain", { gold: a.gold });
    case "exchange":
      return text("action.exchange", { gold: a.gold, items: itemsText(a.items, text) });
    case "perNature":
      return text("action.perNature", { items: itemsText(a.items, text) });
    case "location":
      return text("action.location", { location: text(`card.${a.location}`), side: a.side });
    case "draw":
      return text("action.draw");
    case "train":
      return text("action.train");
    case "batsIntoHuts":
      return text("action.batsIntoHuts");
    default:
      return a.words;
  }
}

/** An action in the page's language ("with 4 terrain cards, also: take 1 gold"). */
export function actionText(words: string, text: GameText): string {
  const a = parseAction(words);
  const body = bodyText(a, text);
  return a.bonus && a.kind !== "unknown" ? text("action.bonus", { action: body }) : body;
}
