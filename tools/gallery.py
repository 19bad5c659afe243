"""``make gallery``: every game's example boards and a replay, drawn now and, with ``BEFORE=<rev>``, by that
revision's renderers too, side by side.

``python -m tools.gallery OUT [--before REV]`` writes ``OUT/after/`` (each registered game's
``render/<game>/gallery.py``, run as a program), and with ``--before`` the same programs, from this checkout, run
against a temporary git worktree of REV (``OUT/before/``), then ``OUT/compare/``: each 400 px image before | after.
The gallery programs use only what the renderers have long offered, so both draw the very same positions. Nothing
is written inside the repository but ``gallery/`` (ignored by git).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw

from registry import GAME_NAMES

ROOT = Path(__file__).resolve().parents[1]
GAP = 16


def draw_galleries(out: Path, code: Path) -> None:
    """Each game's gallery program from this checkout, its imports resolved in the checkout at ``code``."""
    out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(code)}
    for game in GAME_NAMES:
        program = ROOT / "render" / game / "gallery.py"
        subprocess.run(
            [sys.executable, str(program), str(out)], cwd=code, env=env, check=True, stdout=subprocess.DEVNULL
        )


def side_by_side(before: Path, after: Path, out: Path) -> list[Path]:
    """Each 400 px image drawn both times, before on the left."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for new in sorted(after.glob("*-400.png")):
        old = before / new.name
        if not old.exists():
            continue
        with Image.open(old) as a, Image.open(new) as b:
            sheet = Image.new("RGB", (a.width + GAP + b.width, max(a.height, b.height)), (255, 255, 255))
            sheet.paste(a.convert("RGB"), (0, 0))
            sheet.paste(b.convert("RGB"), (a.width + GAP, 0))
            ImageDraw.Draw(sheet).line((a.width + GAP // 2, 0, a.width + GAP // 2, sheet.height), fill=(0, 0, 0))
        path = out / new.name.replace("-400.png", ".png")
        sheet.save(path)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("out", type=Path, nargs="?", default=Path("gallery"))
    parser.add_argument(
        "--before", metavar="REV", help="also draw the galleries with the renderers of git revision REV"
    )
    args = parser.parse_args(argv)
    out = args.out.resolve()
    draw_galleries(out / "after", ROOT)
    print(f"{out / 'after'}/")
    if args.before:
        with tempfile.TemporaryDirectory() as scratch:
            tree = Path(scratch) / "before"
            subprocess.run(["git", "worktree", "add", "--detach", str(tree), args.before], cwd=ROOT, check=True)
            try:
                draw_galleries(out / "before", tree)
            finally:
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=True)
        print(f"{out / 'before'}/ ({args.before})")
        side_by_side(out / "before", out / "after", out / "compare")
        print(f"{out / 'compare'}/ (400 px: before | after)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
