#!/usr/bin/env python3
"""Fails when the shared targets use an API newer than the platforms Package.swift declares.

Usage: scripts/check-availability.py [BUILD_DIR]    (default .build/debug, after `swift build`)

HeirloomCore, HeirloomAPI and HeirloomClient are for the iPhone apps too, which build them for the platforms in
Package.swift (`.macOS(.v14), .iOS(.v17)`). On Linux the compiler does not check Apple availability, so this script
does, with the compiler's own answers:

1. Which declaration every name in the shared targets' own source files refers to: the compiler's AST, dumped as
   JSON, names each reference by its USR.
2. Since when each declaration of the libraries they use exists on macOS and iOS: the symbol graphs of those
   modules (swift-symbolgraph-extract), which keep the `@available` of Apple's platforms even on Linux. A member
   is as new as the newest of itself and the types it belongs to.

A reference to a declaration introduced after the declared versions is printed with its file and line, and the
script exits with 1. Code the OpenAPI generator writes is not checked here: the generator targets macOS 10.15.
"""

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = {
    "HeirloomCore": [],
    "HeirloomAPI": ["OpenAPIGenerator"],
    "HeirloomClient": ["OpenAPIGenerator"],
}
LIBRARIES = [
    "Swift", "_Concurrency", "_StringProcessing", "Synchronization", "Foundation", "FoundationEssentials",
    "FoundationInternationalization", "Dispatch", "OpenAPIRuntime", "HTTPTypes",
]
TARGET = "x86_64-unknown-linux-gnu"


def declared_platforms():
    """{'macOS': (14, 0), 'iOS': (17, 0)} from Package.swift's `platforms:`."""
    manifest = (ROOT / "Package.swift").read_text()
    found = {}
    for name, major, minor in re.findall(r"\.(macOS|iOS)\(\.v(\d+)(?:_(\d+))?\)", manifest):
        found[name] = (int(major), int(minor or 0))
    if set(found) != {"macOS", "iOS"}:
        sys.exit("check-availability: Package.swift does not declare both macOS and iOS versions")
    return found


def symbol_availability(modules_dir, work):
    """USR -> {platform: (major, minor)} for every declaration of LIBRARIES, members as new as their types; and the
    declarations that stand in for a newer one (see `stand_ins`)."""
    own, parents, titles, conforms = {}, {}, {}, {}
    for module in LIBRARIES:
        out = work / module
        out.mkdir()
        command = ["swift-symbolgraph-extract", "-module-name", module, "-target", TARGET, "-output-dir", str(out),
                   "-minimum-access-level", "public", "-I", str(modules_dir)]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"check-availability: no symbol graph of {module}:\n{result.stderr}")
        for graph_file in out.glob("*.symbols.json"):
            graph = json.loads(graph_file.read_text())
            for symbol in graph["symbols"]:
                introduced = {}
                for entry in symbol.get("availability", []):
                    version = entry.get("introduced")
                    if entry.get("domain") in ("macOS", "iOS") and version:
                        introduced[entry["domain"]] = (version.get("major", 0), version.get("minor", 0))
                usr = symbol["identifier"]["precise"]
                own[usr] = introduced
                titles[usr] = symbol["names"]["title"]
            for relation in graph.get("relationships", []):
                if relation["kind"] in ("memberOf", "requirementOf", "optionalRequirementOf"):
                    parents.setdefault(relation["source"], set()).add(relation["target"])
                elif relation["kind"] in ("conformsTo", "inheritsFrom"):
                    conforms.setdefault(relation["source"], set()).add(relation["target"])

    def effective(usr, seen=()):
        result = dict(own.get(usr, {}))
        for parent in parents.get(usr, ()):
            if parent in seen:
                continue
            for platform, version in effective(parent, seen + (usr,)).items():
                result[platform] = max(result.get(platform, (0, 0)), version)
        return result

    availability = {usr: effective(usr) for usr in own}
    return availability, stand_ins(titles, parents, conforms)


def stand_ins(titles, parents, conforms):
    """USR -> the other declarations of the same name in the same type, in a protocol that type conforms to, or in
    a type that conforms to the protocol it belongs to. On Linux the compiler has no availability to choose among
    them by, and may take a newer one (a protocol's generic `&*`, swift-foundation's own `String.data(using:)`)
    where Apple's compiler takes an older one; an older one of them excuses the reference."""
    members = {}
    for usr, owners in parents.items():
        for owner in owners:
            members.setdefault((owner, titles.get(usr)), set()).add(usr)
    conformers = {}
    for kind, protocols in conforms.items():
        for protocol in protocols:
            conformers.setdefault(protocol, set()).add(kind)
    result = {}
    for usr, owners in parents.items():
        related = set(owners)
        for owner in owners:
            related |= conforms.get(owner, set()) | conformers.get(owner, set())
        result[usr] = {other for owner in related for other in members.get((owner, titles.get(usr)), ())} - {usr}
    return result


def references(target, modules_dir, plugin_outputs):
    """(file, line, USR) for every declaration the target's own source files refer to."""
    own_files = sorted((ROOT / "Sources" / target).rglob("*.swift"))
    generated = []
    for plugin in SHARED[target]:
        generated += sorted((plugin_outputs / target / "destination" / plugin / "GeneratedSources").glob("*.swift"))
    command = ["swiftc", "-frontend", "-dump-ast", "-dump-ast-format", "json", "-module-name", target,
               "-target", TARGET, "-I", str(modules_dir)]
    for file in own_files:
        command += ["-primary-file", str(file)]
    command += [str(file) for file in generated]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"check-availability: the compiler could not read {target}:\n{result.stderr[-4000:]}")
    decoder = json.JSONDecoder()
    text, position = result.stdout, 0
    while True:
        while position < len(text) and text[position].isspace():
            position += 1
        if position >= len(text):
            break
        tree, position = decoder.raw_decode(text, position)
        source = Path(tree["filename"])
        starts = line_starts(source.read_text(encoding="utf-8"))
        for usr, offset in walk(tree):
            yield source, line_of(starts, offset), usr


def walk(node, offset=0):
    """Every (USR, byte offset) a node of the dump refers to; a node without a place of its own is at its parent's."""
    if isinstance(node, dict):
        offset = (node.get("range") or {}).get("start", offset)
        usr = node.get("decl_usr")
        if usr:
            yield usr, offset
        for value in node.values():
            yield from walk(value, offset)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value, offset)


def line_starts(text):
    data = text.encode("utf-8")
    return [0] + [index + 1 for index, byte in enumerate(data) if byte == 0x0A]


def line_of(starts, offset):
    low, high = 0, len(starts)
    while low + 1 < high:
        middle = (low + high) // 2
        if starts[middle] <= offset:
            low = middle
        else:
            high = middle
    return low + 1


def demangled(usrs):
    mangled = ["$s" + usr[2:] if usr.startswith("s:") else usr for usr in usrs]
    result = subprocess.run(["swift-demangle", "--simplified", "--compact", *mangled], capture_output=True, text=True)
    lines = result.stdout.splitlines()
    return dict(zip(usrs, lines)) if len(lines) == len(usrs) else {usr: usr for usr in usrs}


def main():
    build = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / ".build" / "debug"
    modules_dir = build / "Modules"
    plugin_outputs = build.parent / "plugins" / "outputs" / ROOT.name
    if not modules_dir.is_dir():
        sys.exit(f"check-availability: {modules_dir} is missing; build first (swift build)")
    platforms = declared_platforms()
    with tempfile.TemporaryDirectory(prefix="heirloom-availability-") as work:
        known, alternatives = symbol_availability(modules_dir, Path(work))

    def newer(usr):
        return {platform: version for platform, version in known.get(usr, {}).items()
                if version > platforms[platform]}

    problems, checked = [], 0
    for target in SHARED:
        for file, line, usr in references(target, modules_dir, plugin_outputs):
            checked += 1
            needs = newer(usr)
            if needs and not any(not newer(other) for other in alternatives.get(usr, ())):
                problems.append((file.relative_to(ROOT), line, usr, needs))
    if problems:
        names = demangled(sorted({usr for _, _, usr, _ in problems}))
        declared = ", ".join(f"{platform} {major}.{minor}" for platform, (major, minor) in sorted(platforms.items()))
        print(f"The shared targets use APIs newer than the platforms Package.swift declares ({declared}):")
        for file, line, usr, needs in sorted(set((f, l, u, tuple(sorted(n.items()))) for f, l, u, n in problems)):
            wanted = ", ".join(f"{platform} {major}.{minor}" for platform, (major, minor) in needs)
            print(f"  {file}:{line}: {names[usr]} needs {wanted}")
        sys.exit(1)
    print(f"check-availability: {checked} references in {', '.join(SHARED)}, none newer than the declared platforms")


if __name__ == "__main__":
    main()
