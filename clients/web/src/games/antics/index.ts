import type { GameUI } from "../registry";
import { Board } from "./Board";
import { commandTitle, describe, label } from "./words";

export const antics: GameUI = {
  title: "Antics!",
  Board,
  describe,
  label,
  commandTitle,
};
