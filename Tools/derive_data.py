#!/usr/bin/env python3
"""Derive route-planner's bundled data (Data/) from public sources.

1. A weekly liner schedule from a published LINER-LIB best network (Brouer, Desaulniers, Pisinger 2014):
   every service of the result log becomes one voyage per week over --weeks weeks. A voyage is one full
   round trip of the rotation, starting at the first listed call; its vessel goes on as the voyage that leaves
   the first call the first week after the round trip ends (continues_as), so cargo stays aboard through the
   rotation's first call as it does in LINER-LIB's model. Sailing time of a leg = the shortest
   dist_dense.csv distance between the two calls / the service's speed, rounded up to whole hours; each call
   lasts one day (24 h); capacity = the service's vessel capacity in FFE x 2 TEU; distance_nm = that distance.
   Every port gets the same transshipment time (--transshipment-hours, 24 by default): LINER-LIB states
   handling costs, not times.
   Every port gets its IANA time zone (time_zone, from the TIME_ZONES table below, checked against Python's
   time zone database), which DCSA routings use to write local times, and LINER-LIB's handling costs per TEU
   (half its USD per FFE): handling_cost_per_teu = CostPerFULL / 2 (a load or a discharge),
   transshipment_cost_per_teu = CostPerFULLTrnsf / 2 (a change of vessel).
2. Sample bookings from the instance's demand file: for each of --booking-weeks, every demand whose ports
   the network serves becomes one booking, ready at the start of that week's Monday (a date), deadline =
   ready + TransitTime days (a date, so the end of that day), TEU = FFEPerWeek x 2, revenue per TEU =
   Revenue_1 / 2 (Revenue_1 is USD per FFE).
3. A UN/LOCODE reference list from the official UNECE release files (latin-1, CRLF, no header): code,
   name, country, subdivision, function, latitude, longitude, one row per code (an entry marked "=" is an
   alternative name and is only used when the code has no other entry).

The inputs are not in this repository; fetch them and name their folders:

  --linerlib DIR  LINER-LIB (https://github.com/blof/LINERLIB; Data/ was derived at its commit abfc059):
                  a folder with its ports.csv, dist_dense.csv and Demand_WorldSmall_Fixed_Sep.csv (the
                  repository's data/ folder) and the result log --result, read relative to DIR unless
                  absolute (the repository's results/BrouerDesaulniersPisinger2014/WorldSmall_Best_Base.log).
  --unlocode DIR  the UN/LOCODE code list, release 2023-1, as UNECE distributes it in CSV
                  (https://unece.org/trade/cefact/UNLOCODE-Download; the same files ship in the PyPI package
                  pyunlocode 0.1.0): a folder with its three "2023-1 UNLOCODE CodeListPart<N>.csv" files.

Re-run after a new LINER-LIB or UN/LOCODE release (the instance, weeks and the rest are options):

    git clone https://github.com/blof/LINERLIB /tmp/LINERLIB
    python3 Tools/derive_data.py --linerlib /tmp/LINERLIB/data \\
        --result /tmp/LINERLIB/results/BrouerDesaulniersPisinger2014/WorldSmall_Best_Base.log \\
        --unlocode /tmp/unlocode-2023-1   # the UNECE CSV files, unpacked; defaults: WorldSmall, 26 weeks

Standard library only. Writes Data/linerlib-worldsmall/{locations,schedule,bookings}.csv and
Data/unlocode/unlocode-2023-1.csv and prints what it derived and what it left out.
"""
import argparse
import csv
import glob
import math
import os
import re
import zoneinfo
from datetime import datetime, timedelta, timezone

# The IANA time zone of each port of the bundled network (time_zone in locations.csv), so that DCSA routings
# give each call in its local time. Chosen by the port's place: one zone per country except where a country
# has several (Australia, Brazil, Canada, the United States), where the port's own zone is given.
TIME_ZONES = {
    "AEJEA": "Asia/Dubai", "AOLAD": "Africa/Luanda", "AUBNE": "Australia/Brisbane", "BEANR": "Europe/Brussels",
    "BEZEE": "Europe/Brussels", "BRSSZ": "America/Sao_Paulo", "CAMTR": "America/Toronto", "CAVAN": "America/Vancouver",
    "CLSAI": "America/Santiago", "CNSHA": "Asia/Shanghai", "CNTAO": "Asia/Shanghai", "CNYTN": "Asia/Shanghai",
    "DEBRV": "Europe/Berlin", "DEHAM": "Europe/Berlin", "ECGYE": "America/Guayaquil", "EGPSD": "Africa/Cairo",
    "ESALG": "Europe/Madrid", "ESBCN": "Europe/Madrid", "GBFXT": "Europe/London", "GHTKD": "Africa/Accra",
    "HKHKG": "Asia/Hong_Kong", "INNSA": "Asia/Kolkata", "ITGIT": "Europe/Rome", "JPYOK": "Asia/Tokyo",
    "KEMBA": "Africa/Nairobi", "KRPUS": "Asia/Seoul", "LKCMB": "Asia/Colombo", "MAPTM": "Africa/Casablanca",
    "MYPKG": "Asia/Kuala_Lumpur", "MYTPP": "Asia/Kuala_Lumpur", "NGAPP": "Africa/Lagos", "NLRTM": "Europe/Amsterdam",
    "NZAKL": "Pacific/Auckland", "OMSLL": "Asia/Muscat", "PABLB": "America/Panama", "PAMIT": "America/Panama",
    "PKBQM": "Asia/Karachi", "SAJED": "Asia/Riyadh", "SGSIN": "Asia/Singapore", "TRAMB": "Europe/Istanbul",
    "TWKHH": "Asia/Taipei", "USCHS": "America/New_York", "USEWR": "America/New_York", "USLAX": "America/Los_Angeles",
    "USMIA": "America/New_York", "ZADUR": "Africa/Johannesburg",
}

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def read_tsv(path):
    with open(path, newline="", encoding="ascii") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def parse_services(log_path):
    """Services of a LINER-LIB result log: capacity (FFE), calls (codes in rotation order), speed, distance."""
    services, current = [], None
    call = re.compile(r"^\d+\t([A-Z0-9]{5})\t")
    with open(log_path, encoding="ascii") as f:
        for line in f:
            if line.startswith("service "):
                current = {"id": int(line.split()[1]), "calls": []}
                services.append(current)
            elif current is None:
                continue
            elif line.startswith("capacity "):
                current["capacity"] = int(line.split()[1])
            elif call.match(line):
                current["calls"].append(call.match(line).group(1))
            elif line.startswith(" speed "):
                current["speed"] = float(line.split()[1])
            elif line.startswith(" voyage distance nautical miles "):
                current["distance"] = float(line.split()[-1])
            elif line.startswith(" voyage duration in weeks "):
                current["weeks"] = int(line.split()[-1])
            elif line.startswith("*"):
                current = None
    return services


def shortest_distances(path):
    best = {}
    for row in read_tsv(path):
        key = (row["fromUNLOCODe"], row["ToUNLOCODE"])
        distance = float(row["Distance"])
        if key not in best or distance < best[key]:
            best[key] = distance
    return best


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def coordinate(text):
    """'5053N 01148E' -> (50.883, 11.8); None when malformed."""
    m = re.fullmatch(r"(\d{2})(\d{2})([NS]) (\d{3})(\d{2})([EW])", text or "")
    if not m:
        return None
    lat = (int(m[1]) + int(m[2]) / 60) * (1 if m[3] == "N" else -1)
    lon = (int(m[4]) + int(m[5]) / 60) * (1 if m[6] == "E" else -1)
    return round(lat, 4), round(lon, 4)


def derive_unlocode(directory, out_path):
    entries = {}
    files = sorted(glob.glob(os.path.join(directory, "*UNLOCODE CodeListPart*.csv")))
    rows = 0
    for path in files:
        with open(path, newline="", encoding="latin-1") as f:
            for row in csv.reader(f):
                if len(row) < 11 or not row[2]:
                    continue  # country header lines have no location
                rows += 1
                code = row[1] + row[2]
                is_alternative = row[0] == "="
                if code in entries and (is_alternative or not entries[code][0]):
                    continue
                entries[code] = (is_alternative, row[3], row[1], row[5], row[6], coordinate(row[10]))
    os.makedirs(os.path.dirname(out_path), exist_ok=True)
    with open(out_path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["unlocode", "name", "country", "subdivision", "function", "latitude", "longitude"])
        for code in sorted(entries):
            _, name, country, subdivision, function, coords = entries[code]
            w.writerow([code, name, country, subdivision, function, *(coords or ("", ""))])
    print(f"UN/LOCODE: {rows} entries in {len(files)} files -> {len(entries)} codes in {out_path}")
    return {code: e for code, e in entries.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--linerlib", required=True, metavar="DIR",
                    help="LINER-LIB's files: ports.csv, dist_dense.csv, the --demand file (and, by default, --result)")
    ap.add_argument("--unlocode", required=True, metavar="DIR",
                    help="the UNECE release's *UNLOCODE CodeListPart*.csv files")
    ap.add_argument("--result", default="results/BrouerDesaulniersPisinger2014/WorldSmall_Best_Base.log",
                    help="the LINER-LIB result log whose services become the schedule (relative to --linerlib)")
    ap.add_argument("--demand", default="Demand_WorldSmall_Fixed_Sep.csv", help="the demand file (in --linerlib)")
    ap.add_argument("--name", default="linerlib-worldsmall")
    ap.add_argument("--prefix", default="WS", help="voyage number prefix")
    ap.add_argument("--start", default="2026-01-05", help="first departure day (a Monday), 08:00 UTC")
    ap.add_argument("--weeks", type=int, default=26)
    ap.add_argument("--booking-weeks", default="10,11", help="weeks (from 0) whose demand becomes bookings")
    ap.add_argument("--transshipment-hours", type=float, default=24)
    ap.add_argument("--out", default=os.path.join(ROOT, "Data"))
    a = ap.parse_args()

    reference = derive_unlocode(a.unlocode, os.path.join(a.out, "unlocode", "unlocode-2023-1.csv"))
    ports = {row["UNLocode"]: row for row in read_tsv(os.path.join(a.linerlib, "ports.csv"))}
    distances = shortest_distances(os.path.join(a.linerlib, "dist_dense.csv"))
    services = parse_services(os.path.join(a.linerlib, a.result))
    start = datetime.fromisoformat(a.start).replace(hour=8, tzinfo=timezone.utc)

    called, movements = [], []
    for service in services:
        calls = service["calls"]
        legs = list(zip(calls, calls[1:] + calls[:1]))
        total = sum(distances[leg] for leg in legs)
        if abs(total - service["distance"]) > 1:
            print(f"  service {service['id']}: distance {total:.0f} nm differs from the logged {service['distance']:.0f}")
        for code in calls:
            if code not in called:
                called.append(code)
        number = f"{a.prefix}{service['id']:02d}"
        vessel = f"{service['capacity']} FFE"
        # A round trip ends back at the first call; its vessel goes on as the voyage that leaves there the first
        # week after it arrives (the service's vessel count of weeks later, when the round trip fits them).
        round_trip = sum(math.ceil(distances[leg] / service["speed"]) for leg in legs) + 24 * (len(legs) - 1)
        vessels = max(1, math.ceil(round_trip / (7 * 24)))
        if vessels != service["weeks"]:
            print(f"  service {service['id']}: a round trip takes {vessels} weeks here, {service['weeks']} in the log")
        for week in range(a.weeks):
            t = start + timedelta(weeks=week)
            voyage = f"{number}-W{week + 1:02d}"
            continues_as = f"{number}-W{week + vessels + 1:02d}" if week + vessels < a.weeks else ""
            for frm, to in legs:
                arrival = t + timedelta(hours=math.ceil(distances[(frm, to)] / service["speed"]))
                movements.append((voyage, number, vessel, frm, to, iso(t), iso(arrival),
                                  service["capacity"] * 2, f"{distances[(frm, to)]:g}", continues_as))
                t = arrival + timedelta(days=1)

    directory = os.path.join(a.out, a.name)
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "locations.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["unlocode", "name", "country", "transshipment_hours", "latitude", "longitude", "time_zone",
                    "handling_cost_per_teu", "transshipment_cost_per_teu"])
        missing = [code for code in called if code not in TIME_ZONES]
        if missing:
            raise SystemExit(f"derive_data.py: no time zone for {', '.join(sorted(missing))}; add it to TIME_ZONES")
        for code in sorted(called):
            port = ports[code]
            lat, lon = port["Latitude"], port["Longitude"]
            if code in reference and reference[code][5]:
                lat, lon = reference[code][5]  # the official coordinates (LINER-LIB swaps some)
            zoneinfo.ZoneInfo(TIME_ZONES[code])  # an identifier this Python's time zone database knows
            # LINER-LIB's handling costs are USD per FFE: a load or discharge (CostPerFULL) and a transshipment
            # (CostPerFULLTrnsf); per TEU they are half.
            per_teu = [f"{float(port[column]) / 2:g}" for column in ("CostPerFULL", "CostPerFULLTrnsf")]
            w.writerow([code, port["name"], code[:2], f"{a.transshipment_hours:g}", lat, lon, TIME_ZONES[code]] + per_teu)
    movements.sort(key=lambda m: (m[5], m[0]))
    with open(os.path.join(directory, "schedule.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["voyage", "service", "vessel", "from", "to", "departure", "arrival", "capacity_teu", "distance_nm",
                    "continues_as"])
        w.writerows(movements)

    demand = read_tsv(os.path.join(a.linerlib, a.demand))
    served = set(called)
    kept = [row for row in demand if row["Origin"] in served and row["Destination"] in served]
    weeks = [int(w) for w in a.booking_weeks.split(",")]
    with open(os.path.join(directory, "bookings.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["booking", "origin", "destination", "ready", "deadline", "teu", "revenue_per_teu"])
        for week in weeks:
            ready = (start + timedelta(weeks=week)).date()
            for index, row in enumerate(kept):
                deadline = ready + timedelta(days=int(row["TransitTime"]))
                w.writerow([f"{a.prefix}-W{week + 1:02d}-{index + 1:04d}", row["Origin"], row["Destination"],
                            ready.isoformat(), deadline.isoformat(), int(float(row["FFEPerWeek"]) * 2),
                            f"{float(row['Revenue_1']) / 2:g}"])
    not_in_reference = [code for code in called if code not in reference]
    print(f"{a.name}: {len(services)} services, {len(called)} ports, {len(movements)} movements over {a.weeks} weeks; "
          f"{len(kept)} of {len(demand)} demands served -> {len(kept) * len(weeks)} bookings in weeks {weeks}; "
          f"ports not in the UN/LOCODE list: {not_in_reference or 'none'}")


if __name__ == "__main__":
    main()
