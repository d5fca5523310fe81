// The arrow keys across a grid of board elements (the roving tabindex's next cell), sparse grids included.
import assert from "node:assert/strict";
import { test } from "node:test";
import { nextCell } from "../src/a11y/keyboard.ts";

const grid = [0, 1, 2].flatMap((row) => [0, 1, 2].map((col) => ({ row, col })));

test("arrows move one cell, and stop at the edge", () => {
  assert.deepEqual(nextCell(grid, { row: 1, col: 1 }, "ArrowRight"), { row: 1, col: 2 });
  assert.deepEqual(nextCell(grid, { row: 1, col: 1 }, "ArrowUp"), { row: 0, col: 1 });
  assert.equal(nextCell(grid, { row: 1, col: 2 }, "ArrowRight"), undefined);
  assert.deepEqual(nextCell(grid, { row: 2, col: 2 }, "Home"), { row: 2, col: 0 });
  assert.equal(nextCell(grid, { row: 0, col: 0 }, "Enter"), undefined);
});

test("in a sparse grid an arrow finds the nearest cell that way, preferring its own line", () => {
  const sparse = [
    { row: 0, col: 0 },
    { row: 0, col: 3 },
    { row: 1, col: 1 },
    { row: 3, col: 0 },
  ];
  assert.deepEqual(nextCell(sparse, { row: 0, col: 0 }, "ArrowRight"), { row: 0, col: 3 });
  assert.deepEqual(nextCell(sparse, { row: 0, col: 0 }, "ArrowDown"), { row: 3, col: 0 });
});
