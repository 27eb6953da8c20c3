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
   TEU rounded to whole TEU, split into parts of at most --part TEU so that, as in LINER-LIB's flow, one demand
   may ride several itineraries; revenue per TEU = Revenue_1 / 2. The base model has no transit time limit; a
   timetable needs a deadline, --horizon days after the ready time, long enough for the network's longest routes.
2. `route-planner assign --penalty 500` (LINER-LIB's penalty, 1000 USD per FFE), objective revenue less handling
   cost (LINER-LIB's CostPerFULL and CostPerFULLTrnsf, per TEU half), as the cargo flow model's.
3. The steady state. The timetable has the voyages of the booked weeks and no others, and every booked week is
   measured: the figures are those of all bookings, averaged per week. N weeks of cargo then share exactly N
   weeks of voyages, as in a timetable wrapped around its end, so no week can borrow room that a steady state
   would not give it: the flow averaged over the weeks is a flow of LINER-LIB's weekly model, and the figures
   cannot beat its optimum. (Measuring only middle weeks, with warm-up and cool-down weeks around them, lets the
   solver, which plans all weeks at once, hand the measured weeks the room that the last weeks' voyages have
   after the last booked cargo: Baltic's measured weeks then beat the optimum by 4.3%.) What the edges cost
   instead: cargo whose cheapest path needs a voyage of a week after the last booked one takes another path or
   stays behind; --weeks sets how many weeks share it (--measure measures a part of them, to look at the edges).
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
# Seconds for the assignment by default: the whole table (Benchmarks/README.md) in about half an hour.
TIME_LIMITS = {"Baltic": 30, "WAF": 60, "Mediterranean": 120, "Pacific": 300, "EuropeAsia": 600, "WorldSmall": 600}


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


def split(teu, largest):
    """Parts of at most largest TEU that add up to teu and of which some add up to any whole number up to teu:
    1, 2, 4, ... TEU first, the rest in near-equal parts."""
    parts, size = [], 1
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
    ap.add_argument("--weeks", type=int, default=12, help="weeks of bookings and of voyages (12)")
    ap.add_argument("--measure", help="the weeks whose bookings are measured, such as 4-9 (all by default)")
    ap.add_argument("--part", type=int, default=64, help="the largest booking a demand is split into, TEU (64)")
    ap.add_argument("--horizon", type=int, default=60, help="days from ready time to deadline (60)")
    ap.add_argument("--time-limit", type=int, help="seconds for the assignment (by instance: "
                    + ", ".join(f"{name} {seconds}" for name, seconds in TIME_LIMITS.items()) + ")")
    ap.add_argument("--gap", default="0.1%")
    ap.add_argument("--binary", help="the route-planner executable to run (default: the release build)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    ap.add_argument("--out", help="the working folder (default: Benchmarks/.data/linerlib-<instance>)")
    a = ap.parse_args()
    instance = derive_data.INSTANCES[a.instance]
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
                for part, size in enumerate(split(teu, a.part)):
                    w.writerow([f"W{week:02d}-{index:04d}-{part}", row["Origin"], row["Destination"],
                                ready.strftime("%Y-%m-%dT%H:%M:%SZ"),
                                (ready + timedelta(days=a.horizon)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                                size, f"{float(row['Revenue_1']) / 2:g}"])

    binary = a.binary or release_binary()
    time_limit = a.time_limit or TIME_LIMITS[a.instance]
    plan_path = os.path.join(out, "plan.json")
    with open(plan_path, "w") as plan_file:
        subprocess.run([binary, "assign", "--schedule", os.path.join(out, "schedule.csv"),
                        "--locations", os.path.join(out, "locations.csv"), "--bookings", bookings_path,
                        "--penalty", "500", "--time-limit", str(time_limit), "--gap", a.gap, "--format", "json"],
                       cwd=ROOT, check=True, stdout=plan_file)
    with open(plan_path) as f:
        plan = json.load(f)

    weeks = len(measured)
    revenue, handling, carried, left = 0.0, 0.0, 0, unserved
    for booking in plan["bookings"]:
        if int(booking["booking"][1:3]) not in measured:
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
                  "measured": [measured.start, measured.stop - 1], "bookings": len(plan["bookings"])}
        print(json.dumps(result))
        return
    print(f"{a.instance}: plan {plan['status']}, gap {100 * plan['gap']:.3f}%, {plan['seconds']:.0f} s, "
          f"{len(plan['bookings'])} bookings of weeks 1-{a.weeks} on {len(movements)} movements; measured weeks "
          f"{measured.start}-{measured.stop - 1}: {demanded} TEU demanded, {unserved} of them between ports the "
          f"network does not serve")
    print(f"| per week | LINER-LIB (published, {os.path.basename(log)}) | route-planner | difference |")
    print("| --- | ---: | ---: | ---: |")
    for key, name in [("revenue", "revenue, USD"), ("handling", "handling cost, USD"),
                      ("penalty", "penalty for cargo left out, USD"), ("transported", "cargo transported, %")]:
        difference = 100 * (ours[key] / published[key] - 1) if published[key] else float("nan")
        digits = 2 if key == "transported" else 0
        print(f"| {name} | {published[key]:,.{digits}f} | {ours[key]:,.{digits}f} | {difference:+.2f}% |")


if __name__ == "__main__":
    main()
