"""docs/RULES.md is the project's rule book: every rule in it is cited by a test, every citation names a rule.

A test cites a rule as ``docs/RULES.md R5.2`` (several: ``docs/RULES.md R5.1, R5.2``) in a docstring or a
comment. The last test keeps the repository self-contained: nothing in it points to a folder outside it.
"""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "RULES.md"
THIS = Path(__file__).resolve()

# R: Clans; A: Alexandros (its own part of the book, numbered on its own).
SECTION = re.compile(r"^## ([RA]\d+) ", re.M)
RULE = re.compile(r"^- \*\*([RA]\d+\.\d+)\*\* ", re.M)
ID = r"[RA]\d+\.\d+"
CITATION = re.compile(rf"docs/RULES\.md((?:(?:\s*,\s*|\s+and\s+|\s+){ID}\b)+)")


def rule_ids(text: str) -> list[str]:
    """The rule ids the rule book defines, in order of appearance (``- **R5.2** ...`` lines)."""
    return RULE.findall(text)


def cited_ids(texts: Iterable[str]) -> set[str]:
    """Every rule id cited as ``docs/RULES.md R.. [, R..]`` in ``texts``."""
    found: set[str] = set()
    for text in texts:
        for match in CITATION.finditer(text):
            found.update(re.findall(ID, match[1]))
    return found


def _test_sources() -> list[Path]:
    return [p for p in sorted((ROOT / "tests").rglob("*.py")) if p.resolve() != THIS]


def citations() -> set[str]:
    return cited_ids(p.read_text(encoding="utf-8") for p in _test_sources())


def test_rule_ids_are_unique_and_numbered_within_their_section() -> None:
    """Ids are stable references: no id twice, and R6.3 stands under the section R6 (A4.2 under A4)."""
    text = RULES.read_text(encoding="utf-8")
    ids = rule_ids(text)
    assert len([i for i in ids if i.startswith("R")]) >= 40, "the rule book lost its Clans rules"
    assert len([i for i in ids if i.startswith("A")]) >= 30, "the rule book lost its Alexandros rules"
    assert [i for i, n in Counter(ids).items() if n > 1] == []
    sections = SECTION.findall(text)
    for game in "RA":
        numbered = [s for s in sections if s[0] == game]
        assert numbered == [f"{game}{n}" for n in range(1, len(numbered) + 1)]
    parts = re.split(r"^## ", text, flags=re.M)[1:]
    for part in parts:
        section = part.split(" ", 1)[0]
        assert all(i.startswith(section + ".") for i in rule_ids(part)), section


def test_every_rule_is_cited_by_a_test() -> None:
    missing = [i for i in rule_ids(RULES.read_text(encoding="utf-8")) if i not in citations()]
    assert missing == [], f"rules no test cites (add 'docs/RULES.md <id>' to the test that checks it): {missing}"


def test_every_citation_names_a_rule() -> None:
    unknown = sorted(citations() - set(rule_ids(RULES.read_text(encoding="utf-8"))))
    assert unknown == [], f"tests cite rule ids docs/RULES.md does not define: {unknown}"


def test_the_checker_sees_a_rule_without_a_test() -> None:
    book = "## R1 Things\n\n- **R1.1** One.\n- **R1.2** Two.\n- **R1.10** Ten.\n\n## A1 More\n\n- **A1.1** Uno.\n"
    tests = ['"""docs/RULES.md R1.1: one."""', "# docs/RULES.md R1.10 and R1.2 (said twice)", "R1.2 without the book"]
    assert rule_ids(book) == ["R1.1", "R1.2", "R1.10", "A1.1"]
    assert cited_ids(tests[:1]) == {"R1.1"}
    assert cited_ids(tests) == {"R1.1", "R1.2", "R1.10"}
    assert cited_ids(tests[2:]) == set(), "an id counts only when it follows docs/RULES.md"
    assert cited_ids(["# docs/RULES.md A1.1, R1.2"]) == {"A1.1", "R1.2"}


def test_nothing_points_outside_the_repository() -> None:
    """The rule book and every other reference live inside the repository."""
    # Split so that this file does not match its own patterns.
    outside = re.compile("|".join(re.escape(p) for p in ("../" + "shared", "/" + "work/", "shared/" + "RULES")))
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    offenders = []
    for name in listed:
        path = ROOT / name
        if not path.is_file() or path.suffix in {".ttf", ".png"}:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if outside.search(line):
                offenders.append(f"{name}:{number}: {line.strip()}")
    assert offenders == []
