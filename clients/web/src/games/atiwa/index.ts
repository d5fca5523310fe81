import { defineGame } from "../types";
import { Board } from "./Board";
import { describe } from "./events";
import { endWords, label } from "./words";

export const atiwa = defineGame({
  rules: "atiwa",
  Board,
  describe,
  label,
  endWords,
});
