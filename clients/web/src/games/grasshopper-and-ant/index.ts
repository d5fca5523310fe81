import type { GameUI } from "../registry";
import { Board } from "./Board";
import { commandTitle, describe, label } from "./words";

export const grasshopperAndAnt: GameUI = {
  title: "The Grasshopper & the Ant",
  Board,
  describe,
  label,
  commandTitle,
};
