#!/usr/bin/env python3
"""LINER-LIB's published cargo flow on the WorldSmall Best_Base network, reproduced on the bundled timetable.

Brouer, Desaulniers and Pisinger (2014) publish, with their best WorldSmall network, the flow of its base model
(results/BrouerDesaulniersPisinger2014/WorldSmall_Best_Base.log): per week, revenue 2.24424e8 USD, handling cost
6.19856e7 USD, penalty 7.4146e6 USD for cargo left out, 94.22% of the demand's FFE transported. The bundled
network (Data/linerlib-worldsmall) is that network's services as a timetable, one voyage per service and week.

This script makes the same demand into bookings and assigns them with route-planner:

1. Bookings: every row of Demand_WorldSmall.csv (the base demand, not Fixed_Sep), once per week of --weeks,
   ready on that week's Monday (the bundled voyages leave their first port on Mondays at 08:00 UTC), with
   2 x FFEPerWeek TEU rounded to whole TEU, split into parts of at most --part TEU so that, as in LINER-LIB's
   multi-commodity flow, one demand may ride several itineraries; revenue per TEU = Revenue_1 / 2. The base
   model has no transit time limit; a timetable needs a deadline, --horizon days after the ready time, long
   enough for the network's longest routes.
2. `route-planner assign --bookings … --penalty 500` (LINER-LIB's penalty, 1000 USD per FFE), objective revenue
   less handling cost (LINER-LIB's CostPerFULL and CostPerFULLTrnsf, per TEU half), as the cargo flow model's.
3. The steady state: the figures of the bookings of the weeks --measure, averaged per week. Their voyages also
   carry the cargo of the weeks before and after (--weeks reaches beyond them on both sides). The voyages of the
   weeks outside --weeks are closed (`--capacity VOYAGE=0`): otherwise the cargo of the first and last weeks
   would find empty vessels there, and the solver, which plans all weeks at once, would pass that room on to
   the measured weeks by moving cargo between weeks (--open-edges keeps them, to show how much that is). Demand between ports the network does not call at counts as
   left out, as it does in LINER-LIB's figures.

    python3 Benchmarks/linerlib_flow.py            # builds route-planner in release mode, writes .data/linerlib-*

Standard library only.
"""
import argparse
import csv
import json
import os
import subprocess
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# WorldSmall_Best_Base.log, lines 5779-5782 (weekly figures of the base model's flow).
PUBLISHED = {"revenue": 2.24424e8, "handling": 6.19856e7, "penalty": 7.4146e6, "transported": 94.22}
FIRST_MONDAY = datetime(2026, 1, 5, tzinfo=timezone.utc)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--demand", default=os.path.join(HERE, "linerlib", "Demand_WorldSmall.csv"))
    ap.add_argument("--weeks", default="3-17", help="weeks of the bundled timetable that get bookings, from 1")
    ap.add_argument("--measure", default="9-11", help="the weeks whose bookings are measured")
    ap.add_argument("--part", type=int, default=100, help="the largest booking a demand is split into, TEU")
    ap.add_argument("--horizon", type=int, default=60, help="days from ready time to deadline")
    ap.add_argument("--time-limit", default="600")
    ap.add_argument("--gap", default="0.1%")
    ap.add_argument("--open-edges", action="store_true", help="keep the voyages outside --weeks open")
    ap.add_argument("--out", default=os.path.join(HERE, ".data", "linerlib-flow"))
    a = ap.parse_args()
    first, last = map(int, a.weeks.split("-"))
    measured = range(int(a.measure.split("-")[0]), int(a.measure.split("-")[1]) + 1)

    with open(os.path.join(ROOT, "Data", "linerlib-worldsmall", "locations.csv"), newline="") as f:
        served = {row["unlocode"] for row in csv.DictReader(f)}
    with open(a.demand, newline="") as f:
        demand = list(csv.DictReader(f, delimiter="\t"))
    os.makedirs(a.out, exist_ok=True)
    bookings_path = os.path.join(a.out, "bookings.csv")
    unserved = {"teu": 0, "revenue": 0.0}
    demanded_teu = 0
    with open(bookings_path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["booking", "origin", "destination", "ready", "deadline", "teu", "revenue_per_teu"])
        for week in range(first, last + 1):
            ready = FIRST_MONDAY + timedelta(weeks=week - 1)
            for index, row in enumerate(demand):
                teu = round(2 * float(row["FFEPerWeek"]))
                if week in measured:
                    demanded_teu += teu
                if teu == 0:
                    continue
                if row["Origin"] not in served or row["Destination"] not in served:
                    if week in measured:
                        unserved["teu"] += teu
                        unserved["revenue"] += teu * float(row["Revenue_1"]) / 2
                    continue
                parts = -(-teu // a.part)
                for part in range(parts):
                    size = teu // parts + (1 if part < teu % parts else 0)
                    w.writerow([f"W{week:02d}-{index:04d}-{part}", row["Origin"], row["Destination"],
                                ready.strftime("%Y-%m-%dT%H:%M:%SZ"),
                                (ready + timedelta(days=a.horizon)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                                size, f"{float(row['Revenue_1']) / 2:g}"])

    subprocess.run(["swift", "build", "-c", "release", "--product", "route-planner"], cwd=ROOT, check=True)
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    closed = []
    if not a.open_edges:
        with open(os.path.join(ROOT, "Data", "linerlib-worldsmall", "schedule.csv"), newline="") as f:
            voyages = {row["voyage"] for row in csv.DictReader(f)}
        closed = [f"--capacity={v}=0" for v in sorted(voyages) if not first <= int(v.rsplit("-W", 1)[1]) <= last]
    plan_path = os.path.join(a.out, "plan.json")
    with open(plan_path, "w") as out:
        subprocess.run([os.path.join(binary, "route-planner"), "assign", "--bookings", bookings_path, "--penalty", "500",
                        "--time-limit", a.time_limit, "--gap", a.gap, "--format", "json"] + closed, cwd=ROOT, check=True, stdout=out)
    with open(plan_path) as f:
        plan = json.load(f)

    weeks = len(measured)
    totals = {"revenue": 0.0, "handling": 0.0, "carried": 0, "left": unserved["teu"]}
    for booking in plan["bookings"]:
        if int(booking["booking"][1:3]) not in measured:
            continue
        if booking["carried"]:
            totals["revenue"] += booking["revenue"]
            totals["handling"] += booking["handlingCost"]
            totals["carried"] += booking["teu"]
        else:
            totals["left"] += booking["teu"]
    ours = {
        "revenue": totals["revenue"] / weeks, "handling": totals["handling"] / weeks,
        "penalty": 500 * totals["left"] / weeks,
        "transported": 100 * totals["carried"] / max(1, totals["carried"] + totals["left"]),
    }
    print(f"plan: {plan['status']}, gap {100 * plan['gap']:.3f}%, {plan['seconds']:.0f} s, "
          f"{len(plan['bookings'])} bookings of weeks {first}-{last}; measured weeks {a.measure}: "
          f"{demanded_teu} TEU demanded, {unserved['teu']} of them between ports the network does not serve; "
          f"{len(closed)} voyages outside the weeks closed")
    print("| per week | LINER-LIB (published) | route-planner | ratio |")
    print("| --- | ---: | ---: | ---: |")
    for key, name in [("revenue", "revenue, USD"), ("handling", "handling cost, USD"), ("penalty", "penalty for cargo left out, USD"),
                      ("transported", "cargo transported, %")]:
        print(f"| {name} | {PUBLISHED[key]:,.0f} | {ours[key]:,.0f} | {ours[key] / PUBLISHED[key]:.3f} |"
              if key != "transported" else
              f"| {name} | {PUBLISHED[key]:.2f} | {ours[key]:.2f} | {ours[key] / PUBLISHED[key]:.3f} |")


if __name__ == "__main__":
    main()
