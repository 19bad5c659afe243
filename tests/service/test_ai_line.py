"""The AI pool's line (service/ai_line.py): beliefs first, then decisions round-robin across servers and, within a
server, across games; deterministic, no workers and no clock."""

from service.ai_line import FairLine

A, B, C = 1, 2, 3
"""Servers."""


def served(line: FairLine[str]) -> list[str]:
    order = []
    while (item := line.pop()) is not None:
        order.append(item)
    return order


def test_one_busy_server_cannot_hold_another_servers_turns() -> None:
    line: FairLine[str] = FairLine()
    for game in range(10, 16):  # server A: six AI games waiting (a busy server)
        line.push(A, game, f"A{game}")
    line.push(B, 20, "B20")  # then one turn of server B
    line.push(C, 30, "C30")
    assert line.decisions == 8 and line.by_server() == {A: 6, B: 1, C: 1}
    # B and C wait for one decision of A each, not for all six (a FIFO would serve them 7th and 8th).
    assert served(line) == ["A10", "B20", "C30", "A11", "A12", "A13", "A14", "A15"]
    assert line.decisions == 0 and len(line) == 0


def test_within_a_server_games_take_turns() -> None:
    line: FairLine[str] = FairLine()
    for turn in range(3):
        line.push(A, 10, f"g10.{turn}")  # one game with several decisions waiting (an autopilot burst)
    line.push(A, 11, "g11.0")
    line.push(A, 12, "g12.0")
    assert served(line) == ["g10.0", "g11.0", "g12.0", "g10.1", "g10.2"]


def test_beliefs_go_first_and_are_not_counted_as_decisions() -> None:
    line: FairLine[str] = FairLine()
    line.push(A, 10, "decision")
    line.push_urgent("beliefs 1")
    line.push(None, 11, "a game without a server")
    line.push_urgent("beliefs 2")
    assert line.decisions == 2 and len(line) == 4
    assert served(line) == ["beliefs 1", "beliefs 2", "decision", "a game without a server"]


def test_a_server_served_goes_to_the_back_of_the_rotation() -> None:
    line: FairLine[str] = FairLine()
    line.push(A, 10, "A1")
    line.push(A, 10, "A2")
    line.push(B, 20, "B1")
    assert line.pop() == "A1"
    line.push(C, 30, "C1")  # arrives after A was served: A's next waits behind B and C
    line.push(A, 11, "A3")
    assert served(line) == ["B1", "A2", "C1", "A3"]


def test_drain_empties_the_line() -> None:
    line: FairLine[str] = FairLine()
    line.push(A, 10, "A1")
    line.push_urgent("U")
    line.push(B, 20, "B1")
    assert sorted(line.drain()) == ["A1", "B1", "U"]
    assert line.pop() is None and line.decisions == 0 and line.by_server() == {}
