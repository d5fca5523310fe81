import { defineGame } from "../types";
import { Board } from "./Board";
import { describe } from "./events";
import { endWords, label } from "./words";

export const grasshopperAndAnt = defineGame({
  rules: "grasshopper-and-ant",
  Board,
  describe,
  label,
  endWords,
  advancedOptions: ["power_cards", "autumn_open", "snake"],
  seatOptions: ["first_ant"],
});
