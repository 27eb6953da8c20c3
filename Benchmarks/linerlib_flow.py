#!/usr/bin/env python3
"""LINER-LIB's published cargo flow on an instance's best network, reproduced on a timetable of that network.

Brouer, Desaulniers and Pisinger (2014) publish, with the best network of each LINER-LIB instance, the flow of its
base model: per week, the revenue, the handling cost, the penalty for cargo left out and the share of the demand's
FFE transported (the last lines of the instance's result log in linerlib/results, read here, not copied). That flow
is the optimum of a linear multi-commodity flow program over the network's services. This script derives the
network as a weekly timetable (Tools/derive_data.py: one voyage per service and week), makes the demand the flow
was computed for into bookings, assigns them with route-planner and prints the same figures beside the published
ones:

1. Bookings: every row of the instance's demand file (Demand_<instance>.csv), once per booked week, ready on that
   week's Monday at 00:00 UTC (the voyages leave their first port on Mondays at 08:00 UTC), with 2 x FFEPerWeek
   TEU rounded to whole TEU, revenue per TEU = Revenue_1 / 2. As in LINER-LIB's flow, a demand may ride several
   itineraries and be carried in part: it is split into parts of --smallest, twice that, four times that, ... TEU
   and the rest in parts of at most --part TEU, so that its carried TEU can fill a vessel to within --smallest.
   The base model has no transit time limit; a timetable needs a deadline, --horizon days after the ready time,
   long enough for the network's longest routes.
2. `route-planner assign --penalty 500` (LINER-LIB's penalty, 1000 USD per FFE), objective revenue less handling
   cost (LINER-LIB's CostPerFULL and CostPerFULLTrnsf, per TEU half), as the cargo flow model's.
3. The steady state: no warm-up or cool-down weeks; the timetable holds the voyages of the booked weeks and no
   others, and every booked week is measured (the figures are those of all bookings, averaged per week). N weeks
   of cargo then share exactly N weeks of voyages, as in a timetable wrapped around its end, so no week can
   borrow room that a steady state would not give it: the flow averaged over the weeks is a flow of LINER-LIB's
   weekly model, and the figures cannot beat its optimum. Measuring middle weeks only would not do: the solver
   plans all weeks at once, and where it must leave cargo out it is free to leave out that of the first and last
   weeks, so that the middle weeks carry more than a steady state can (Baltic's weeks 4-9 of 12: 95.07% of the
   demand transported, against the optimum's 92.07%). What the ends cost instead: cargo of the first weeks at a
   port halfway round a rotation has no voyage of an earlier week to board, and cargo of the last weeks whose
   route needs a voyage of a later week stays behind; the share lost shrinks as 1/--weeks, and the printed
   transport by week shows where it is. --measure measures a part of the weeks instead, to look at the ends.
   Demand between ports the network does not call at counts as left out, as it does in LINER-LIB's figures.

    python3 Benchmarks/linerlib_flow.py --instance Baltic [--time-limit S] [--json]

The first run builds route-planner in release mode (again when a source is newer than the binary; --binary
names one instead). Writes Benchmarks/.data/linerlib-<instance>/. Standard library only.
"""
import argparse
import csv
import glob
import json
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "Tools"))
import derive_data  # noqa: E402  (Tools/ is not a package)

FIRST_MONDAY = datetime(2026, 1, 5, tzinfo=timezone.utc)
# By instance: weeks of bookings and voyages, seconds for the assignment, and the smallest part a demand is split
# into (TEU). Larger instances get fewer weeks and coarser parts, so that the whole table (Benchmarks/README.md)
# takes about 20 minutes.
SETTINGS = {"Baltic": (24, 30, 1), "WAF": (24, 60, 1), "Mediterranean": (12, 180, 8), "Pacific": (12, 300, 100),
            "EuropeAsia": (8, 300, 100), "WorldSmall": (10, 300, 100)}


def release_binary():
    """route-planner's release build, built when it is missing or older than a source it is built from."""
    binary = os.path.join(ROOT, ".build", "release", "route-planner")
    sources = [os.path.join(ROOT, "Package.swift")] + [
        path for folder in ("Sources", "Data") for path in glob.glob(os.path.join(ROOT, folder, "**", "*"), recursive=True)
        if os.path.isfile(path)]
    if not os.path.exists(binary) or os.path.getmtime(binary) < max(map(os.path.getmtime, sources)):
        print("building route-planner in release mode", file=sys.stderr)
        subprocess.run(["swift", "build", "-c", "release", "--product", "route-planner"], cwd=ROOT, check=True,
                       stdout=sys.stderr)
    return binary


def split(teu, largest, smallest=1):
    """Parts of at most largest TEU that add up to teu: smallest, twice that, four times that, ... TEU first
    (while below largest and within teu), the rest in near-equal parts, so that some of them add up to any whole
    number of TEU up to teu within smallest."""
    parts, size = [], smallest
    while size < largest and sum(parts) + size <= teu:
        parts.append(size)
        size *= 2
    rest = teu - sum(parts)
    count = -(-rest // largest)
    return parts + [rest // count + (1 if part < rest % count else 0) for part in range(count)]


def weeks_range(text):
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--instance", choices=sorted(derive_data.INSTANCES), default="WorldSmall")
    ap.add_argument("--weeks", type=int, help="weeks of bookings and of voyages (by instance, see SETTINGS)")
    ap.add_argument("--measure", help="the weeks whose bookings are measured, such as 4-9 (all by default)")
    ap.add_argument("--part", type=int, default=64, help="the largest part a demand is split into, TEU (64)")
    ap.add_argument("--smallest", type=int, help="the smallest part a demand is split into, TEU (by instance)")
    ap.add_argument("--horizon", type=int, default=60, help="days from ready time to deadline (60)")
    ap.add_argument("--time-limit", type=int, help="seconds for the assignment (by instance, see SETTINGS)")
    ap.add_argument("--gap", default="0.1%")
    ap.add_argument("--binary", help="the route-planner executable to run (default: the release build)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    ap.add_argument("--out", help="the working folder (default: Benchmarks/.data/linerlib-<instance>)")
    a = ap.parse_args()
    instance = derive_data.INSTANCES[a.instance]
    weeks, time_limit, smallest = SETTINGS[a.instance]
    a.weeks, a.time_limit, a.smallest = a.weeks or weeks, a.time_limit or time_limit, a.smallest or smallest
    measured = weeks_range(a.measure) if a.measure else range(1, a.weeks + 1)
    if a.weeks < 1 or measured.start < 1 or measured.stop - 1 > a.weeks or len(measured) == 0:
        ap.error(f"--measure {a.measure} is not within the {a.weeks} weeks")
    out = a.out or os.path.join(HERE, ".data", f"linerlib-{a.instance.lower()}")
    log = os.path.join(derive_data.LINERLIB, instance.log)
    published = derive_data.published_flow(log)

    quiet = open(os.devnull, "w") if a.json else sys.stdout
    stdout, sys.stdout = sys.stdout, quiet
    try:
        _, called, movements = derive_data.derive_network(instance, out, weeks=a.weeks, booking_weeks=[])
    finally:
        sys.stdout = stdout
    served = set(called)
    with open(os.path.join(derive_data.LINERLIB, instance.demand), newline="") as f:
        demand = list(csv.DictReader(f, delimiter="\t"))
    bookings_path = os.path.join(out, "flow-bookings.csv")
    unserved, demanded = 0, 0
    with open(bookings_path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["booking", "origin", "destination", "ready", "deadline", "teu", "revenue_per_teu"])
        for week in range(1, a.weeks + 1):
            ready = FIRST_MONDAY + timedelta(weeks=week - 1)
            for index, row in enumerate(demand):
                teu = round(2 * float(row["FFEPerWeek"]))
                if week in measured:
                    demanded += teu
                if teu == 0:
                    continue
                if row["Origin"] not in served or row["Destination"] not in served:
                    if week in measured:
                        unserved += teu
                    continue
                for part, size in enumerate(split(teu, max(a.part, a.smallest), a.smallest)):
                    w.writerow([f"W{week:02d}-{index:04d}-{part}", row["Origin"], row["Destination"],
                                ready.strftime("%Y-%m-%dT%H:%M:%SZ"),
                                (ready + timedelta(days=a.horizon)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                                size, f"{float(row['Revenue_1']) / 2:g}"])

    binary = a.binary or release_binary()
    plan_path = os.path.join(out, "plan.json")
    with open(plan_path, "w") as plan_file:
        subprocess.run([binary, "assign", "--schedule", os.path.join(out, "schedule.csv"),
                        "--locations", os.path.join(out, "locations.csv"), "--bookings", bookings_path,
                        "--penalty", "500", "--time-limit", str(a.time_limit), "--gap", a.gap, "--format", "json"],
                       cwd=ROOT, check=True, stdout=plan_file)
    with open(plan_path) as f:
        plan = json.load(f)

    weeks = len(measured)
    revenue, handling, carried, left = 0.0, 0.0, 0, unserved
    carried_by_week = [0] * (a.weeks + 1)
    for booking in plan["bookings"]:
        week = int(booking["booking"][1:3])
        carried_by_week[week] += booking["teu"] if booking["carried"] else 0
        if week not in measured:
            continue
        if booking["carried"]:
            revenue += booking["revenue"]
            handling += booking["handlingCost"]
            carried += booking["teu"]
        else:
            left += booking["teu"]
    ours = {"revenue": revenue / weeks, "handling": handling / weeks, "penalty": 500 * left / weeks,
            "transported": 100 * carried / max(1, carried + left)}
    if a.json:
        result = {"instance": a.instance, **ours, **{f"published_{key}": value for key, value in published.items()},
                  "status": plan["status"], "gap": plan["gap"], "seconds": plan["seconds"], "weeks": a.weeks,
                  "time_limit": a.time_limit, "smallest_part": a.smallest, "measured": [measured.start, measured.stop - 1],
                  "bookings": len(plan["bookings"]),
                  "transported_by_week": [round(100 * teu * len(measured) / demanded, 2) for teu in carried_by_week[1:]]}
        print(json.dumps(result))
        return
    print(f"{a.instance}: plan {plan['status']}, gap {100 * plan['gap']:.3f}%, {plan['seconds']:.0f} s, "
          f"{len(plan['bookings'])} bookings of weeks 1-{a.weeks} on {len(movements)} movements; measured weeks "
          f"{measured.start}-{measured.stop - 1}: {demanded} TEU demanded, {unserved} of them between ports the "
          f"network does not serve")
    print("transported by week, %: " + " ".join(f"{100 * teu * len(measured) / demanded:.1f}" for teu in carried_by_week[1:]))
    print(f"| per week | LINER-LIB (published, {os.path.basename(log)}) | route-planner | difference |")
    print("| --- | ---: | ---: | ---: |")
    for key, name in [("revenue", "revenue, USD"), ("handling", "handling cost, USD"),
                      ("penalty", "penalty for cargo left out, USD"), ("transported", "cargo transported, %")]:
        difference = 100 * (ours[key] / published[key] - 1) if published[key] else float("nan")
        digits = 2 if key == "transported" else 0
        print(f"| {name} | {published[key]:,.{digits}f} | {ours[key]:,.{digits}f} | {difference:+.2f}% |")


if __name__ == "__main__":
    main()
