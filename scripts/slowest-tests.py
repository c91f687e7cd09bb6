#!/usr/bin/env python3
"""Prints the slowest tests of a Swift suite run, from the times its test hubs wrote.

Usage: scripts/slowest-tests.py TIMES.jsonl [COUNT]

TIMES.jsonl is the file `HEIRLOOM_TEST_TIMES` named during `swift test`: one line per test hub (`withApp`), with the
test's id and the seconds from its database's copy to its shut-down. A test's time is the sum of its hubs'. The suite
runs its tests side by side, so a time is what a test took while sharing the machine with the others: read the list as
a ranking (the next slow test is the one that climbs it), not as a measurement of one test alone.
"""

import json
import sys
from collections import defaultdict


def slowest(path, count):
    seconds = defaultdict(float)
    hubs = defaultdict(int)
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            try:
                record = json.loads(line)
                test, spent = record["test"], float(record["seconds"])
            except (json.JSONDecodeError, KeyError, ValueError):
                continue  # a line cut short by a crash: the rest still counts
            seconds[test] += spent
            hubs[test] += 1
    ranked = sorted(seconds.items(), key=lambda item: -item[1])[:count]
    return ranked, hubs, sum(seconds.values())


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    count = int(sys.argv[2]) if len(sys.argv) == 3 else 20
    try:
        ranked, hubs, total = slowest(sys.argv[1], count)
    except FileNotFoundError:
        sys.exit(f"no test times in {sys.argv[1]}")
    print(f"The {len(ranked)} slowest tests, of {total:.0f} s in all hubs (seconds, side by side with the others):")
    for test, seconds in ranked:
        name = test.rsplit("/", 1)[0] if test.count("/") > 1 else test  # drop the file:line after the name
        suffix = f" ({hubs[test]} hubs)" if hubs[test] > 1 else ""
        print(f"{seconds:8.1f}  {name}{suffix}")


if __name__ == "__main__":
    main()
