import type { GameUI } from "../registry";
import { Board } from "./Board";
import { describe, label } from "./words";

export const hareAndTortoise: GameUI = {
  title: "The Hare & the Tortoise",
  Board,
  describe,
  label,
  commandTitle: (type) =>
    ({
      choose_second_bet: "Choose your second bet",
      play_cards: "Play cards",
      move_animal: "Move an animal",
    })[type] ?? type,
};
