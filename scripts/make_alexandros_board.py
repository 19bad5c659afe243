"""Design the project's own Alexandros board and write data/alexandros/board.json.

The printed board is not published, so this draws one in its spirit (docs/RULES.md A2): Alexander's empire
from Macedonia to the Indus on a triangular grid, the Mediterranean, the Black Sea, the Caspian and the
Persian Gulf as coast, the start in the upper left. The land and its regions are drawn by hand below; the
symbols are then spread by a fixed seed: 60 of the 132 spaces (a little under half), 12 of each symbol, no
two spaces sharing a side carry the same symbol, and no symbol space touches more than one other.

Run: .venv/bin/python scripts/make_alexandros_board.py  (writes the file; the output is deterministic)

``python -m bench.alexandros_sim`` shows that it plays like the real game: a move places about 2 walls, so the
65 black walls last about 32 moves (median 16 rounds with 2 players, 10-11 with 3, 8 with 4); greedy players
reach 100 points in about half the 2-player games; occupations, take-overs and taxes all happen.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.alexandros.grid import grid_board, triangle_corners

# One letter per triangle (row r, column c); "~" is sea. Rows are bands of triangles, top to bottom.
REGIONS = [
    "MMMMM~~~~~~~~DDDD~~CCC",
    "MMMMAAAAAAAADDDDD~CCCC",
    "~MM~AAAAAAAABDDDDDCCCC",
    "~~~~AAAAYYYBBBPPPPCCII",
    "~~~~~~~YYYBBBBPPPPGGII",
    "~~~~~~~YYYBBB~PPPPGGII",
    "EEEEEEEYYY~~~~~PPPGGII",
    "EEEEEEEEEYY~~~~~~GGGII",
]
NAMES = {
    "M": "Macedonia",
    "A": "Asia Minor",
    "Y": "Syria",
    "E": "Egypt",
    "B": "Babylonia",
    "D": "Media",
    "P": "Persia",
    "C": "Bactria",
    "G": "Gedrosia",
    "I": "India",
}
SYMBOL_LETTERS = "TAHLS"
PER_SYMBOL = 12
SEED = 336  # the year Alexander became king


def neighbours(cells: list[tuple[int, int]]) -> dict[tuple[int, int], list[tuple[int, int]]]:
    def side_set(cell: tuple[int, int]) -> set[frozenset[tuple[int, int]]]:
        a, b, c = triangle_corners(*cell)
        return {frozenset((a, b)), frozenset((a, c)), frozenset((b, c))}

    sides = {cell: side_set(cell) for cell in cells}
    return {cell: [o for o in cells if o != cell and sides[cell] & sides[o]] for cell in cells}


def spread_symbols(rng: random.Random) -> list[str] | None:
    cells = [(r, c) for r, row in enumerate(REGIONS) for c, ch in enumerate(row) if ch != "~"]
    near = neighbours(cells)
    order = [cell for cell in cells if cell != (0, 0)]
    rng.shuffle(order)
    chosen: list[tuple[int, int]] = []
    for cell in order:
        if len(chosen) == PER_SYMBOL * len(SYMBOL_LETTERS):
            break
        if sum(1 for o in near[cell] if o in chosen) <= 1 and all(
            sum(1 for p in near[o] if p in chosen) == 0 for o in near[cell] if o in chosen
        ):
            chosen.append(cell)
    if len(chosen) < PER_SYMBOL * len(SYMBOL_LETTERS):
        return None
    letters = [ch for ch in SYMBOL_LETTERS for _ in range(PER_SYMBOL)]
    rng.shuffle(letters)
    grid = [list("." if ch != "~" else "~" for ch in row) for row in REGIONS]
    for (r, c), letter in zip(sorted(chosen), letters, strict=True):
        grid[r][c] = letter
    for r, c in chosen:
        if any(grid[o[0]][o[1]] == grid[r][c] for o in near[(r, c)]):
            return None
    return ["".join(row) for row in grid]


def design() -> dict[str, object]:
    rng = random.Random(SEED)
    for _ in range(1000):
        rows = spread_symbols(rng)
        if rows is not None:
            board = grid_board(rows, REGIONS, NAMES, start=(0, 0), name="Alexandros (project board)")
            board["rows"] = rows
            return board
    raise SystemExit("no symbol spread found")


def layout(board: dict[str, object]) -> str:
    """JSON with one point, side, space or row per line, so that a change to the board reads as a diff."""
    lines = []
    for key, value in board.items():
        if isinstance(value, list):
            items = ",\n".join("  " + json.dumps(v, separators=(",", ":")) for v in value)
            lines.append(f"{json.dumps(key)}: [\n{items}\n ]")
        else:
            lines.append(f"{json.dumps(key)}: {json.dumps(value, separators=(',', ':'))}")
    return "{\n " + ",\n ".join(lines) + "\n}\n"


if __name__ == "__main__":
    out = Path(__file__).resolve().parents[1] / "data" / "alexandros" / "board.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(layout(design()), encoding="utf-8")
    print(f"wrote {out}")
