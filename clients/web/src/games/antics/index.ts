import { defineGame } from "../types";
import { Board } from "./Board";
import { describe } from "./events";
import { endWords, label } from "./words";

export const antics = defineGame({
  rules: "antics",
  Board,
  describe,
  label,
  endWords,
});
