import { defineGame } from "../types";
import { Board } from "./Board";
import { describe } from "./events";
import { endWords, label } from "./words";

export const hareAndTortoise = defineGame({
  rules: "hare-and-tortoise",
  Board,
  describe,
  label,
  endWords,
  advancedOptions: ["turbo_hand_size", "tie_policy"],
  seatOptions: ["first_player"],
});
