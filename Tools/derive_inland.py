#!/usr/bin/env python3
"""Derive the bundled inland network: the WorldSmall timetable with barges, trains and trucks beyond two of its ports.

It reads the derived WorldSmall network (Data/linerlib-worldsmall, written by Tools/derive_data.py) and the bundled
UN/LOCODE list (Data/unlocode), and writes into --out one network route-planner reads as it reads any other:
locations.csv, schedule.csv (WorldSmall's voyages and the inland services, with a `mode` column) and haulage.csv.

The places are the UN/LOCODE list's, each with the list's name, country and coordinates (INLAND_PLACES below; a
code without coordinates in release 2023-1 is not used). Two regions, around two WorldSmall ports:

- the Yangtze: a barge feeder between Chongqing (CNCQI), Wuhan (CNNHN), Nanjing (CNNJI) and Shanghai (CNSHA), and
  trucks from factories in Fuling, Chengdu, Xiaogan, Wuxi and Suzhou;
- the Rhine: barges and trains between Rotterdam (NLRTM), Duisburg (DEDUI) and Basel Schweizerhalle (CHBBS), and
  trucks to warehouses in Dortmund, Köln, Venlo, Liestal and Baden.

Everything else is this script's stated assumption, not a carrier's data:

- The services (SERVICES below) run every week of the WorldSmall timetable (26 weeks from 2026-01-05, so the
  command line lays both out from any week alike), on the stated weekdays at the stated hour (UTC). A leg takes the
  great-circle distance between its two places times the service's route factor (how much longer the river or the
  line is: the Yangtze 1.6, the Rhine 1.35, rail 1.25), at the service's speed (barges 14 km/h downstream and 9 km/h
  upstream on the Yangtze, 15 and 10 on the Rhine; trains 50 km/h), rounded up to whole hours; each intermediate
  call lasts the service's call time. A movement's `distance_nm` is that distance in nautical miles.
- Each movement closes (`cut_off_fco`, the full-container cut-off) the service's closing time before it departs:
  barges 12 hours, trains 6.
- Capacities: a Yangtze barge 250 TEU, a Rhine barge 200 TEU, a train 90 TEU (45 wagons of 2 TEU).
- Trucks (HAULS below; a row serves both ways): the great-circle distance times 1.3, the road factor the importer
  uses for a haul without a distance (CSVImporter.roadDetourFactor); no hours, so the importer takes the distance at
  its 50 km/h. Cost per TEU: 100 plus 1.2 per km.
- CO2e: none is written, so route-planner estimates each leg's from its distance and mode (EmissionModel: per
  tonne-km by barge, rail and road, for 10 t in a TEU; docs/CSV.md), as it does the sea legs'.
- Inland terminals (`INTE`) have a transshipment time of 6 hours, handling of 40 per TEU and a transshipment of 60;
  a customer's place (`CLOC`) has neither time nor cost. Gate hours are the places' local time (GATES below). The
  WorldSmall ports keep their rows, facility `POTE`, gates always open.

Usage (the bundled folder):

    python3 Tools/derive_inland.py --out Data/linerlib-worldsmall-inland

Standard library only. Prints what it derived.
"""
import argparse
import csv
import math
import os
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORLDSMALL = os.path.join(ROOT, "Data", "linerlib-worldsmall")
UNLOCODE = os.path.join(ROOT, "Data", "unlocode", "unlocode-2023-1.csv")

# code: (facility, time zone, gate hours): the inland places, by their UN/LOCODE.
INLAND_PLACES = {
    # The Yangtze's terminals and the factories that truck to them.
    "CNCQI": ("INTE", "Asia/Shanghai", "terminal"),
    "CNNHN": ("INTE", "Asia/Shanghai", "terminal"),
    "CNNJI": ("INTE", "Asia/Shanghai", "terminal"),
    "CNFLG": ("CLOC", "Asia/Shanghai", "factory"),
    "CNCDU": ("CLOC", "Asia/Shanghai", "factory"),
    "CNXGN": ("CLOC", "Asia/Shanghai", "factory"),
    "CNWXS": ("CLOC", "Asia/Shanghai", "factory"),
    "CNSZH": ("CLOC", "Asia/Shanghai", "factory"),
    # The Rhine's terminals and the warehouses trucks serve from them.
    "DEDUI": ("INTE", "Europe/Berlin", "terminal"),
    "CHBBS": ("INTE", "Europe/Zurich", "terminal"),
    "DEDTM": ("CLOC", "Europe/Berlin", "warehouse"),
    "DECGN": ("CLOC", "Europe/Berlin", "warehouse"),
    "NLVEN": ("CLOC", "Europe/Amsterdam", "warehouse"),
    "CHLTL": ("CLOC", "Europe/Zurich", "warehouse"),
    "CHBAD": ("CLOC", "Europe/Zurich", "warehouse"),
}

# The gate hours of each kind of place, in its local time.
GATES = {
    "terminal": "Mon-Fri 06:00-22:00; Sat 06:00-14:00",
    "factory": "Mon-Sat 07:00-19:00",
    "warehouse": "Mon-Fri 08:00-17:00",
}

TERMINAL_TRANSSHIPMENT_HOURS = 6
TERMINAL_HANDLING_PER_TEU = 40
TERMINAL_TRANSSHIPMENT_PER_TEU = 60

ROAD_FACTOR = 1.3  # CSVImporter.roadDetourFactor
TRUCK_COST_FIXED, TRUCK_COST_PER_KM = 100, 1.2


class Service:
    """A weekly inland service: its calls in order, the weekdays (0 = Monday) and hour (UTC) it leaves the first."""

    def __init__(self, code, mode, calls, days, hour, speed, route_factor, call_hours, capacity, closing_hours):
        self.code, self.mode, self.calls, self.days, self.hour = code, mode, calls, days, hour
        self.speed, self.route_factor, self.call_hours = speed, route_factor, call_hours
        self.capacity, self.closing_hours = capacity, closing_hours


YANGTZE = ["CNCQI", "CNNHN", "CNNJI", "CNSHA"]
RHINE = ["NLRTM", "DEDUI", "CHBBS"]
SERVICES = [
    Service("YZD", "barge", YANGTZE, [0, 3], 12, 14, 1.6, 12, 250, 12),
    Service("YZU", "barge", YANGTZE[::-1], [1, 4], 12, 9, 1.6, 12, 250, 12),
    Service("RHU", "barge", RHINE, [1, 4], 18, 10, 1.35, 8, 200, 12),
    Service("RHD", "barge", RHINE[::-1], [0, 3], 18, 15, 1.35, 8, 200, 12),
    Service("RLS", "rail", RHINE, [0, 2, 4], 20, 50, 1.25, 4, 90, 6),
    Service("RLN", "rail", RHINE[::-1], [1, 3, 5], 20, 50, 1.25, 4, 90, 6),
]

# The hauls by truck: pre-carriage from the factories, on-carriage to the warehouses, each both ways.
HAULS = [
    ("CNFLG", "CNCQI"), ("CNCDU", "CNCQI"), ("CNXGN", "CNNHN"), ("CNWXS", "CNNJI"), ("CNWXS", "CNSHA"),
    ("CNSZH", "CNSHA"),
    ("DEDUI", "DEDTM"), ("DEDUI", "DECGN"), ("DEDUI", "NLVEN"), ("NLRTM", "NLVEN"), ("NLRTM", "DEDTM"),
    ("CHBBS", "CHLTL"), ("CHBBS", "CHBAD"),
]


def great_circle_km(a, b):
    """The great-circle distance between two (latitude, longitude) points, on a sphere of radius 6,371 km."""
    (la1, lo1), (la2, lo2) = [(math.radians(p[0]), math.radians(p[1])) for p in (a, b)]
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371 * math.asin(math.sqrt(h))


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def derive(network, unlocode, out, start="2026-01-05", weeks=26):
    reference = {row["unlocode"]: row for row in read_csv(unlocode)}
    ports = read_csv(os.path.join(network, "locations.csv"))
    coordinates = {row["unlocode"]: (float(row["latitude"]), float(row["longitude"])) for row in ports}
    for code in INLAND_PLACES:
        entry = reference.get(code)
        if entry is None or not entry["latitude"]:
            raise SystemExit(f"derive_inland.py: {code} has no coordinates in {unlocode}")
        coordinates[code] = (float(entry["latitude"]), float(entry["longitude"]))
    for code in set(c for s in SERVICES for c in s.calls) | set(c for h in HAULS for c in h):
        if code not in coordinates:
            raise SystemExit(f"derive_inland.py: {code} is neither a port of {network} nor an inland place")

    os.makedirs(out, exist_ok=True)
    columns = ["unlocode", "name", "country", "transshipment_hours", "latitude", "longitude", "time_zone",
               "handling_cost_per_teu", "transshipment_cost_per_teu", "facility", "gate_hours"]
    with open(os.path.join(out, "locations.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(columns)
        rows = [[row[c] for c in columns[:9]] + ["POTE", ""] for row in ports]
        for code, (facility, zone, kind) in INLAND_PLACES.items():
            entry = reference[code]
            terminal = facility == "INTE"
            rows.append([code, entry["name"], entry["country"], TERMINAL_TRANSSHIPMENT_HOURS if terminal else 0,
                         entry["latitude"], entry["longitude"], zone,
                         TERMINAL_HANDLING_PER_TEU if terminal else 0, TERMINAL_TRANSSHIPMENT_PER_TEU if terminal else 0,
                         facility, GATES[kind]])
        w.writerows(sorted(rows))

    header = ["voyage", "service", "vessel", "mode", "from", "to", "departure", "arrival", "capacity_teu",
              "distance_nm", "continues_as", "cut_off_fco"]
    movements = [[row["voyage"], row["service"], row["vessel"], "vessel", row["from"], row["to"], row["departure"],
                  row["arrival"], row["capacity_teu"], row["distance_nm"], row["continues_as"], ""]
                 for row in read_csv(os.path.join(network, "schedule.csv"))]
    sea = len(movements)
    first_monday = datetime.fromisoformat(start).replace(tzinfo=timezone.utc)
    for service in SERVICES:
        legs = list(zip(service.calls, service.calls[1:]))
        for week in range(weeks):
            for index, day in enumerate(service.days):
                voyage = f"{service.code}-W{week + 1:02d}{'ABC'[index]}"
                t = first_monday + timedelta(weeks=week, days=day, hours=service.hour)
                for frm, to in legs:
                    km = great_circle_km(coordinates[frm], coordinates[to]) * service.route_factor
                    arrival = t + timedelta(hours=math.ceil(km / service.speed))
                    movements.append([voyage, service.code, "", service.mode, frm, to, iso(t), iso(arrival),
                                      service.capacity, f"{km / 1.852:.1f}", "",
                                      iso(t - timedelta(hours=service.closing_hours))])
                    t = arrival + timedelta(hours=service.call_hours)
    with open(os.path.join(out, "schedule.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(sorted(movements, key=lambda m: (m[6], m[0])))

    with open(os.path.join(out, "haulage.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["from", "to", "hours", "distance_km", "cost_per_teu"])
        for frm, to in HAULS:
            km = great_circle_km(coordinates[frm], coordinates[to]) * ROAD_FACTOR
            w.writerow([frm, to, "", f"{km:.0f}", f"{TRUCK_COST_FIXED + TRUCK_COST_PER_KM * km:.0f}"])
    print(f"{network} + {len(INLAND_PLACES)} inland places -> {out}: {sea} sea movements and "
          f"{len(movements) - sea} by barge and rail ({len(SERVICES)} services over {weeks} weeks), {len(HAULS)} hauls")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", metavar="DIR", required=True,
                    help="the folder for locations.csv, schedule.csv and haulage.csv")
    ap.add_argument("--network", default=WORLDSMALL, metavar="DIR",
                    help="the derived WorldSmall network (default: Data/linerlib-worldsmall)")
    ap.add_argument("--unlocode", default=UNLOCODE, metavar="FILE",
                    help="the derived UN/LOCODE list (default: Data/unlocode/unlocode-2023-1.csv)")
    a = ap.parse_args()
    derive(a.network, a.unlocode, a.out)


if __name__ == "__main__":
    main()
