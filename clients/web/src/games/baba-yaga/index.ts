import type { GameUI } from "../registry";
import { Board } from "./Board";
import { COMMAND_TITLES, describe, label } from "./words";

export const babaYaga: GameUI = {
  title: "Baba Yaga",
  Board,
  describe,
  label,
  commandTitle: (type) => COMMAND_TITLES[type] ?? type,
};
