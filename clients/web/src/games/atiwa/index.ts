import { defineGame } from "../types";
import { Board } from "./Board";
import { describe, endWords, label } from "./words";

export const atiwa = defineGame({
  rules: "atiwa",
  Board,
  describe,
  label,
  endWords,
});
