#!/usr/bin/env python3
"""Type-checks the benchmark package (Benchmarks/) against the modules of route-planner's release build, so that the
benchmarks cannot rot without building every dependency a second time in a package of their own.

    python3 Tools/check_benchmarks.py [--build .build]

Run it after `swift build -c release -Xswiftc -enable-testing` (or the tests on that build): it reads how that build
compiled route-planner's modules (the build's llbuild manifest, BUILD/release.yaml) for the search paths and C module
maps, and checks with the same compiler:

- every product Benchmarks/Package.swift takes from route-planner is one that route-planner's manifest declares;
- each Swift library target of Benchmarks/Sources (a folder without main.swift) type-checks, and is emitted as a
  module for the others; each C target (a folder with include/) gets the module map SwiftPM would make for it;
- each executable target (a folder with main.swift) type-checks.

Type-checking is what keeps the benchmarks' code in step with the library; running them is Benchmarks/run.sh's part.
"""
import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "Benchmarks"


def products_declared() -> set[str]:
    """The products route-planner's manifest declares."""
    dump = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True)
    return {product["name"] for product in json.loads(dump.stdout)["products"]}


def products_used() -> set[str]:
    """The products of route-planner that the benchmark package's manifest names."""
    manifest = (PACKAGE / "Package.swift").read_text()
    return set(re.findall(r'\.product\(name:\s*"([^"]+)",\s*package:\s*"route-planner"\)', manifest))


def search_arguments(build: Path) -> tuple[list[str], str]:
    """The module search paths and C module maps the release build gave route-planner's modules, and its target."""
    manifest = yaml.safe_load((build / "release.yaml").read_text())
    arguments: list[str] = []
    seen: set[tuple[str, ...]] = set()
    target = None
    for name, command in manifest["commands"].items():
        args = command.get("args") or []
        if not (name.startswith("C.") and name.endswith("-release.module") and args and args[0].endswith("swiftc")):
            continue
        sources = command.get("inputs", [])
        if not any(str(path).startswith(str(ROOT / "Sources")) for path in sources):
            continue
        for index, argument in enumerate(args):
            if argument == "-target" and target is None:
                target = args[index + 1]
            if argument == "-I" and index + 1 < len(args):
                pair = ("-I", args[index + 1])
            elif argument == "-Xcc" and index + 1 < len(args) and args[index + 1].startswith(("-fmodule-map-file=", "-I")):
                pair = ("-Xcc", args[index + 1]) if args[index + 1] != "-I" else ("-Xcc", "-I", "-Xcc", args[index + 3])
            else:
                continue
            if pair not in seen:
                seen.add(pair)
                arguments += pair
    if target is None:
        sys.exit(f"check_benchmarks: {build / 'release.yaml'} compiles none of route-planner's modules: build it first")
    return arguments, target


def swiftc(arguments: list[str]) -> None:
    result = subprocess.run(["swiftc", *arguments], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        sys.exit(f"check_benchmarks: failed: swiftc {' '.join(arguments[:6])} …")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default=str(ROOT / ".build"), help="route-planner's build folder (default .build)")
    build = Path(parser.parse_args().build)

    missing = products_used() - products_declared()
    if missing:
        sys.exit(f"check_benchmarks: Benchmarks/Package.swift takes products route-planner does not declare: {', '.join(sorted(missing))}")

    search, target = search_arguments(build)
    common = ["-swift-version", "6", "-target", target, "-D", "SWIFT_PACKAGE", *search]
    folders = sorted(path for path in (PACKAGE / "Sources").iterdir() if path.is_dir())
    with tempfile.TemporaryDirectory() as scratch:
        modules = Path(scratch)
        common += ["-I", str(modules)]
        for folder in folders:
            include = folder / "include"
            if include.is_dir():
                headers = sorted(include.glob("*.h"))
                module_map = modules / f"{folder.name}.modulemap"
                module_map.write_text(f"module {folder.name} {{\n" + "".join(f'    header "{header}"\n' for header in headers) + "    export *\n}\n")
                common += ["-Xcc", f"-fmodule-map-file={module_map}"]
        checked = []
        libraries = [folder for folder in folders if not (folder / "include").is_dir() and not (folder / "main.swift").exists()]
        executables = [folder for folder in folders if (folder / "main.swift").exists()]
        for folder in libraries:
            sources = [str(path) for path in sorted(folder.rglob("*.swift"))]
            swiftc(["-emit-module", "-parse-as-library", "-module-name", folder.name, "-emit-module-path",
                    str(modules / f"{folder.name}.swiftmodule"), *common, *sources])
            checked.append(folder.name)
        for folder in executables:
            sources = [str(path) for path in sorted(folder.rglob("*.swift"))]
            swiftc(["-typecheck", "-module-name", folder.name, *common, *sources])
            checked.append(folder.name)
    print(f"benchmarks type-check against the release build: {', '.join(checked)}")


if __name__ == "__main__":
    main()
