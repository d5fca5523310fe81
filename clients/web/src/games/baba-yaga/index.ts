import { defineGame } from "../types";
import { Board } from "./Board";
import { describe } from "./events";
import { endWords, label } from "./words";

export const babaYaga = defineGame({
  rules: "baba-yaga",
  Board,
  describe,
  label,
  endWords,
  advancedOptions: [
    "tough_seats",
    "handicap_mode",
    "max_turns",
    "first_step_delay_ms",
    "witch_step_min_interval_ms",
    "witch_step_timeout_ms",
    "search_action_min_interval_ms",
    "tiny_factor",
    "actions_per_step",
    "think_time_ms",
    "placement_timeout_ms",
    "reveal_timeout_ms",
    "decision_timeout_ms",
  ],
  seatOptions: ["first_active"],
});
