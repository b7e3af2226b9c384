#!/usr/bin/env python3
"""A greedy player for Space Monopoly or Starlanes played by file (roms/PLAY-BY-FILE.md).

    python3 examples/bots/greedy.py DIR PLAYER

It moves next to stars and to the companies it holds (away from black holes), and spends all
its cash on the company
whose share price has risen most since the last turn it saw. Python 3 standard library only.
It reads Turn_1.txt, Turn_2.txt, ... in order, answers the turns that ask PLAYER, and stops at
the standings (ASK:NONE). A refused order file (Player_P_Turn_N.error) is answered with END.
"""

import os
import sys
import time

NEIGHBOURS = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def read_turn(path):
    """The turn file as (fields, rows, companies, holders, choices)."""
    fields, rows, companies, holders, choices = {}, {}, {}, {}, []
    with open(path, encoding="ascii", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            key, _, value = line.partition(":")
            if key == "ROW":
                number, cells = value.split(" ", 1)
                rows[int(number)] = cells
            elif key == "COMPANY":
                parts = dict(p.split(":", 1) for p in value.split(" NAME:")[0].split(" ")[1:])
                companies[value[0]] = {"price": int(parts["PRICE"]), "size": int(parts["SIZE"])}
            elif key == "HOLDER":
                words = value.split(" NAME:")[0].split(" ")
                holding = dict(w.split(":", 1) for w in words[1:])
                holders[int(words[0])] = {k: int(v) for k, v in holding.items()}
            elif key == "CHOICE":
                choices.append(value)
            elif key and value and key not in fields:
                fields[key] = value
    return fields, rows, companies, holders, choices


def cell_of(text):
    """'4B' as (row 4, column 2)."""
    return int(text[:-1]), ord(text[-1]) - ord("A") + 1


def best_move(rows, holding, choices):
    """The offered cell next to the most stars and the companies held, and no black hole.
    Space Monopoly offers `MOVE 4B`, Starlanes `MOVE 3 4B`: the cell is the last word."""

    def at(r, c):
        return rows.get(r, "")[c - 1] if 1 <= c <= 12 and r in rows else "."

    def score(choice):
        r, c = cell_of(choice.split(" ")[-1])
        s = 0
        for dr, dc in NEIGHBOURS:
            mark = at(r + dr, c + dc)
            if mark == "*":
                s += 5
            elif mark == "+":
                s += 1
            elif mark == "@":
                s -= 5
            elif mark in "ABCDE":
                s += 3 if holding.get(mark, 0) > 0 else 1
        return s

    moves = [c for c in choices if c.startswith("MOVE ")]
    return max(moves, key=score)


def purchases(companies, cash, previous):
    """All cash on the company whose price rose most since the last turn seen."""
    if not companies:
        return []
    rise = {k: v["price"] - previous.get(k, v["price"]) for k, v in companies.items()}
    pick = max(sorted(companies), key=lambda k: (rise[k], companies[k]["price"]))
    n = cash // companies[pick]["price"]
    return [f"BUY {pick} {n}"] if n > 0 else []


def write_orders(folder, me, turn, orders):
    """The order file, written through a temporary file so the host never reads half."""
    tmp = os.path.join(folder, f".greedy-{me}.tmp")
    with open(tmp, "w", encoding="ascii") as f:
        f.write("\n".join(orders + ["END"]) + "\n")
    os.replace(tmp, os.path.join(folder, f"Player_{me}_Turn_{turn}.txt"))


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: greedy.py DIR PLAYER")
    folder, me = sys.argv[1], int(sys.argv[2])
    previous = {}
    n = 1
    while True:
        path = os.path.join(folder, f"Turn_{n}.txt")
        if not os.path.exists(path):
            time.sleep(0.02)
            continue
        fields, rows, companies, holders, choices = read_turn(path)
        if fields.get("ASK") == "NONE":
            return
        if int(fields["PLAYER"]) == me and fields.get("SEAT") == "FILE":
            holding = holders.get(me, {})
            if fields["ASK"] == "MOVE":
                orders = [best_move(rows, holding, choices)]
            else:
                orders = purchases(companies, holding.get("CASH", 0), previous)
            write_orders(folder, me, n, orders)
            error = os.path.join(folder, f"Player_{me}_Turn_{n}.error")
            while not os.path.exists(os.path.join(folder, f"Turn_{n + 1}.txt")):
                if os.path.exists(error):
                    write_orders(folder, me, n, [])
                    os.remove(error)
                time.sleep(0.02)
        previous = {k: v["price"] for k, v in companies.items()}
        n += 1


if __name__ == "__main__":
    main()
