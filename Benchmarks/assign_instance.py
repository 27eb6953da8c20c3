#!/usr/bin/env python3
"""Bookings for the assignment benchmark, drawn exactly as reference/assign_mip.py draws its cargos.

Origins and destinations are weighted by the number of departures at each port, ready times are uniform in
a window starting one week after the schedule's first departure (--window-days; at most up to 120 days before
its last), sizes come from assign_mip's skewed list of 1-40 TEU. The same random generator then draws each
booking's deadline, 20 to 70 days after its ready time (assign_mip has none). No revenue: the assignment then
maximises the TEU carried. Capacities are congested by the Swift benchmark itself, as assign_mip defines it.

    python3 assign_instance.py --schedule .data/large --cargos 1000 --seed 1 --window-days 240 --out FILE.csv
"""
import argparse
import csv
import os
import random
import sys
from datetime import datetime, timezone

# The benchmark kit (Benchmarks/reference, or BENCH_DIR): its assign_mip.py and csa.py.
sys.path.insert(0, os.environ.get("BENCH_DIR", os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference")))
from assign_mip import SIZES_TEU  # noqa: E402
from csa import Schedule  # noqa: E402


def iso(t):
    return datetime.fromtimestamp(t, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--schedule", required=True)
ap.add_argument("--cargos", type=int, default=1000)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--window-days", type=int, default=28)
ap.add_argument("--out", required=True)
a = ap.parse_args()

s = Schedule(a.schedule)
rng = random.Random(a.seed)
dep_count = [0] * len(s.port_codes)
for p in s.frm:
    dep_count[p] += 1
ports = [p for p in range(len(s.port_codes)) if dep_count[p] > 0]
weights = [dep_count[p] for p in ports]
t0 = s.dep[0] + 7 * 86400
t1 = min(t0 + a.window_days * 86400, s.dep[-1] - 120 * 86400)
cargos = []
while len(cargos) < a.cargos:  # the same draws, in the same order, as assign_mip.build_instance
    o, d = rng.choices(ports, weights, k=2)
    if o != d:
        cargos.append((o, d, rng.randrange(t0, t1), rng.choice(SIZES_TEU)))
with open(a.out, "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["booking", "origin", "destination", "ready", "deadline", "teu"])
    for k, (o, d, ready, teu) in enumerate(cargos):
        deadline = ready + rng.randrange(20 * 86400, 70 * 86400 + 1)
        w.writerow([f"K{k:05d}", s.port_codes[o], s.port_codes[d], iso(ready), iso(deadline), teu])
print(f"wrote {a.out}: {len(cargos)} bookings, ready {iso(t0)} .. {iso(t1)}")
