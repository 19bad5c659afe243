"""One place for plurals and lists: "1 chip", "2 chips", "A, B and C", "You move"."""

import doctest

import words
from words import count, listing, plural, verb


def test_plural_follows_the_number() -> None:
    assert plural(1, "chip") == "chip" and plural(0, "chip") == "chips" and plural(2, "chip") == "chips"
    assert count(1, "village chip") == "1 village chip" and count(12, "village chip") == "12 village chips"
    assert count(1, "hut") == "1 hut" and count(5, "hut") == "5 huts"
    assert count(2, "territory") == "2 territories" and count(2, "match") == "2 matches"
    assert count(3, "play") == "3 plays" and count(2, "person", "people") == "2 people"
    assert plural(2, "this") == "these" and plural(1, "this") == "this"


def test_lists_read_as_english() -> None:
    assert listing([]) == "nobody" and listing([], empty="none") == "none"
    assert listing(["Red"]) == "Red"
    assert listing(["Red", "Blue"]) == "Red and Blue"
    assert listing(["Red", "Blue", "Green"]) == "Red, Blue and Green"
    assert listing(["38", "12"], last="or") == "38 or 12"


def test_the_verb_agrees_with_you() -> None:
    assert verb("You", "moves") == "You move" and verb("Alice", "moves") == "Alice moves"
    assert verb("You", "founds village 5 next") == "You found village 5 next"
    assert verb("You", "has won") == "You have won" and verb("Bob", "has won") == "Bob has won"
    assert verb("You", "wins") == "You win" and verb("You", "finishes") == "You finish"


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(words).failed == 0
