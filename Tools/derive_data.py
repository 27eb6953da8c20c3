#!/usr/bin/env python3
"""Derive a weekly timetable from a published LINER-LIB network, and the UN/LOCODE reference list.

1. A network (`--instance` and `--out`): a weekly liner schedule from a LINER-LIB best network (Brouer,
   Desaulniers, Pisinger 2014): every service of the instance's result log becomes one voyage per week over
   --weeks weeks. A voyage is one full round trip of the rotation, starting at the first listed call; its vessel
   goes on as the voyage that leaves the first call the first week after the round trip ends (continues_as), so
   cargo stays aboard through the rotation's first call as it does in LINER-LIB's model. Sailing time of a leg =
   the shortest dist_dense.csv distance between the two calls / the service's speed, rounded up to
   whole hours; each call lasts one day (24 h); capacity = the service's vessel capacity in FFE x 2 TEU;
   distance_nm = that distance. Every port gets the same transshipment time (--transshipment-hours, 24 by
   default): LINER-LIB states handling costs, not times. A service whose round trip takes a fraction of a week
   (LINER-LIB logs "voyage duration in weeks 0.817857" for a vessel that idles the rest) still sails weekly.
   Every port gets its IANA time zone (time_zone, from the TIME_ZONES table below, checked against Python's
   time zone database; a port missing from it gets UTC, with a note), which DCSA routings use to write local
   times, and LINER-LIB's handling costs per TEU (half its USD per FFE): handling_cost_per_teu = CostPerFULL / 2
   (a load or a discharge), transshipment_cost_per_teu = CostPerFULLTrnsf / 2 (a change of vessel). Coordinates
   are the UN/LOCODE list's (LINER-LIB swaps some), from the bundled Data/unlocode list unless --unlocode is given.
2. Sample bookings from the instance's demand file: for each of --booking-weeks, every demand whose ports
   the network serves becomes one booking, ready at the start of that week's Monday (a date), deadline =
   ready + TransitTime days (a date, so the end of that day), TEU = FFEPerWeek x 2, revenue per TEU =
   Revenue_1 / 2 (Revenue_1 is USD per FFE).
3. Only with --unlocode: the UN/LOCODE reference list from the official UNECE release files (latin-1, CRLF, no
   header): code, name, country, subdivision, function, latitude, longitude, one row per code (an entry marked
   "=" is an alternative name and is only used when the code has no other entry), written to --unlocode-out.

The instances are LINER-LIB's six with a published best network (INSTANCES below: the result log and demand file
of each). The LINER-LIB files they need are vendored in Benchmarks/linerlib (data/ and results/ as in LINER-LIB,
https://github.com/blof/LINERLIB at commit abfc059; see its README.md); --linerlib names another checkout.

  --unlocode DIR  the UN/LOCODE code list, release 2023-1, as UNECE distributes it in CSV
                  (https://unece.org/trade/cefact/UNLOCODE-Download; the same files ship in the PyPI package
                  pyunlocode 0.1.0): a folder with its three "2023-1 UNLOCODE CodeListPart<N>.csv" files.

Nothing in Data/ is written unless --out or --unlocode-out names it. The bundled network and list, again:

    python3 Tools/derive_data.py --instance WorldSmall --out Data/linerlib-worldsmall \\
        --unlocode /tmp/unlocode-2023-1   # the UNECE CSV files, unpacked; defaults: 26 weeks from 2026-01-05

Another instance, into a folder of its own (route-planner reads it with --schedule and --locations):

    python3 Tools/derive_data.py --instance Baltic --out /tmp/linerlib-baltic

Standard library only. Prints what it derived and what it left out.
"""
import argparse
import csv
import glob
import math
import os
import re
import zoneinfo
from datetime import datetime, timedelta, timezone

# The IANA time zone of each port that the six instances' networks call at (time_zone in locations.csv), so that
# DCSA routings give each call in its local time. Chosen by the port's place: one zone per country except where a
# country has several (Australia, Brazil, Canada, Russia, Spain, the United States), where the port's own zone is
# given.
TIME_ZONES = {
    "AEJEA": "Asia/Dubai", "AOLAD": "Africa/Luanda", "AOLOB": "Africa/Luanda", "AUBNE": "Australia/Brisbane",
    "BDCGP": "Asia/Dhaka", "BEANR": "Europe/Brussels", "BEZEE": "Europe/Brussels", "BGVAR": "Europe/Sofia",
    "BJCOO": "Africa/Porto-Novo", "BRSSZ": "America/Sao_Paulo", "CAMTR": "America/Toronto",
    "CAVAN": "America/Vancouver", "CDBOA": "Africa/Kinshasa", "CDMAT": "Africa/Kinshasa",
    "CGPNR": "Africa/Brazzaville", "CIABJ": "Africa/Abidjan", "CLSAI": "America/Santiago", "CMDLA": "Africa/Douala",
    "CNDLC": "Asia/Shanghai", "CNFOC": "Asia/Shanghai", "CNLYG": "Asia/Shanghai", "CNSHA": "Asia/Shanghai",
    "CNTAO": "Asia/Shanghai", "CNXMN": "Asia/Shanghai", "CNYTN": "Asia/Shanghai", "CYLMS": "Asia/Nicosia",
    "DEBRV": "Europe/Berlin", "DEHAM": "Europe/Berlin", "DKAAR": "Europe/Copenhagen", "DZALG": "Africa/Algiers",
    "DZBJA": "Africa/Algiers", "DZORN": "Africa/Algiers", "DZSKI": "Africa/Algiers", "ECGYE": "America/Guayaquil",
    "EGALY": "Africa/Cairo", "EGDAM": "Africa/Cairo", "EGPSD": "Africa/Cairo", "ESAGP": "Europe/Madrid",
    "ESALG": "Europe/Madrid", "ESBCN": "Europe/Madrid", "ESLPA": "Atlantic/Canary", "ESTAR": "Europe/Madrid",
    "ESVGO": "Europe/Madrid", "ESVLC": "Europe/Madrid", "FIKTK": "Europe/Helsinki", "FIRAU": "Europe/Helsinki",
    "FRDKK": "Europe/Paris", "FRFOS": "Europe/Paris", "FRLEH": "Europe/Paris", "GALBV": "Africa/Libreville",
    "GBABD": "Europe/London", "GBFXT": "Europe/London", "GBSOU": "Europe/London", "GEPTI": "Asia/Tbilisi",
    "GHTKD": "Africa/Accra", "GNCKY": "Africa/Conakry", "GRPIR": "Europe/Athens", "GRSKG": "Europe/Athens",
    "HKHKG": "Asia/Hong_Kong", "IDJKT": "Asia/Jakarta", "IDSRG": "Asia/Jakarta", "IDSUB": "Asia/Jakarta",
    "IEDUB": "Europe/Dublin", "ILASH": "Asia/Jerusalem", "ILHFA": "Asia/Jerusalem", "INCOK": "Asia/Kolkata",
    "INMAA": "Asia/Kolkata", "INNSA": "Asia/Kolkata", "INPAV": "Asia/Kolkata", "IRBND": "Asia/Tehran",
    "ITGIT": "Europe/Rome", "ITGOA": "Europe/Rome", "ITSAL": "Europe/Rome", "ITTRS": "Europe/Rome",
    "JOAQB": "Asia/Amman", "JPHKT": "Asia/Tokyo", "JPNGO": "Asia/Tokyo", "JPOSA": "Asia/Tokyo", "JPSMZ": "Asia/Tokyo",
    "JPTYO": "Asia/Tokyo", "JPUKB": "Asia/Tokyo", "JPYOK": "Asia/Tokyo", "KEMBA": "Africa/Nairobi",
    "KRPUS": "Asia/Seoul", "KWSWK": "Asia/Kuwait", "LBBEY": "Asia/Beirut", "LKCMB": "Asia/Colombo",
    "LRMLW": "Africa/Monrovia", "MAAGA": "Africa/Casablanca", "MACAS": "Africa/Casablanca",
    "MAPTM": "Africa/Casablanca", "MXLZC": "America/Mexico_City", "MYPEN": "Asia/Kuala_Lumpur",
    "MYPKG": "Asia/Kuala_Lumpur", "MYTPP": "Asia/Kuala_Lumpur", "NGAPP": "Africa/Lagos", "NICIO": "America/Managua",
    "NLRTM": "Europe/Amsterdam", "NOBGO": "Europe/Oslo", "NOSVG": "Europe/Oslo", "NZAKL": "Pacific/Auckland",
    "OMSLL": "Asia/Muscat", "PABLB": "America/Panama", "PAMIT": "America/Panama", "PHGES": "Asia/Manila",
    "PHMNL": "Asia/Manila", "PKBQM": "Asia/Karachi", "PKKHI": "Asia/Karachi", "PLGDY": "Europe/Warsaw",
    "PTLEI": "Europe/Lisbon", "RUKGD": "Europe/Kaliningrad", "RULED": "Europe/Moscow", "SADMM": "Asia/Riyadh",
    "SAJBI": "Asia/Riyadh", "SAJED": "Asia/Riyadh", "SEGOT": "Europe/Stockholm", "SGSIN": "Asia/Singapore",
    "SIKOP": "Europe/Ljubljana", "SLFNA": "Africa/Freetown", "SNDKR": "Africa/Dakar", "SVAQJ": "America/El_Salvador",
    "SYLTK": "Asia/Damascus", "TGLFW": "Africa/Lome", "THLCH": "Asia/Bangkok", "TNSFA": "Africa/Tunis",
    "TNTUN": "Africa/Tunis", "TRAMB": "Europe/Istanbul", "TRIZM": "Europe/Istanbul", "TRMER": "Europe/Istanbul",
    "TWKEL": "Asia/Taipei", "TWKHH": "Asia/Taipei", "UAODS": "Europe/Kyiv", "USCHS": "America/New_York",
    "USDUT": "America/Nome", "USEWR": "America/New_York", "USHNL": "Pacific/Honolulu", "USLAX": "America/Los_Angeles",
    "USLGB": "America/Los_Angeles", "USMIA": "America/New_York", "USOAK": "America/Los_Angeles",
    "USSEA": "America/Los_Angeles", "VNDAD": "Asia/Ho_Chi_Minh", "VNHPH": "Asia/Ho_Chi_Minh",
    "VNSGN": "Asia/Ho_Chi_Minh", "YEADE": "Asia/Aden", "ZADUR": "Africa/Johannesburg",
}


HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LINERLIB = os.path.join(ROOT, "Benchmarks", "linerlib")
BUNDLED_UNLOCODE = os.path.join(ROOT, "Data", "unlocode", "unlocode-2023-1.csv")
RESULTS = "results/BrouerDesaulniersPisinger2014"


class Instance:
    """A LINER-LIB instance with a published best network: its result log, demand files and voyage prefix."""

    def __init__(self, name, log, prefix, demand=None, sample_demand=None):
        self.name, self.prefix = name, prefix
        self.log = f"{RESULTS}/{log}"
        self.demand = f"data/{demand or f'Demand_{name}.csv'}"  # the demand the published flow was computed for
        self.sample_demand = f"data/{sample_demand}" if sample_demand else self.demand  # for sample bookings


# The base model's best network of each instance: for Pacific and EuropeAsia the solutions of LINER-LIB's errata
# (CorrectionSheetResultsBrouerDesaulniersPisinger), whose idling cost the first published logs undercounted.
# WorldSmall's sample bookings come from the demand file of LINER-LIB 1.2, which no longer truncates demands
# above 1,000 FFE; the published flow was computed for the original one.
INSTANCES = {i.name: i for i in [
    Instance("Baltic", "Baltic_best_base.log", "BA"),
    Instance("WAF", "WAF_base_best.log", "WA"),
    Instance("Mediterranean", "Med_base_best.log", "ME"),
    Instance("Pacific", "Corrected_Pacific_base_pid_18529_7.log", "PA"),
    Instance("EuropeAsia", "Corrected_EUAS_base_pid_1530_2.log", "EA"),
    Instance("WorldSmall", "WorldSmall_Best_Base.log", "WS", sample_demand="Demand_WorldSmall_Fixed_Sep.csv"),
]}


def read_tsv(path):
    with open(path, newline="", encoding="ascii") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def parse_services(log_path):
    """Services of a LINER-LIB result log: capacity (FFE), calls (codes in rotation order), speed, distance,
    vessels and the round trip in weeks (a fraction when one vessel idles part of the week)."""
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
            elif line.startswith(" # vessels "):
                current["vessels"] = int(line.split()[-1])
            elif call.match(line):
                current["calls"].append(call.match(line).group(1))
            elif line.startswith(" speed "):
                current["speed"] = float(line.split()[1])
            elif line.startswith(" voyage distance nautical miles "):
                current["distance"] = float(line.split()[-1])
            elif line.startswith(" voyage duration in weeks "):
                current["weeks"] = float(line.split()[-1])
            elif line.startswith("*") or line.startswith(" ---"):
                current = None
    return services


def published_flow(log_path):
    """The weekly figures of the flow a result log ends with: revenue, penalty and handling cost (USD) and the
    share of the demand transported (%)."""
    keys = {"Revenue:": "revenue", "Penalty:": "penalty", "Handling cost:": "handling", "transported %": "transported"}
    figures = {}
    with open(log_path, encoding="ascii") as f:
        for line in f:
            for prefix, key in keys.items():
                if line.startswith(prefix):
                    figures[key] = float(line[len(prefix):].split()[0])
    missing = sorted(set(keys.values()) - set(figures))
    if missing:
        raise SystemExit(f"{log_path}: no {', '.join(missing)} line in the flow's figures")
    return figures


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
    """Writes the UNECE release's code list to out_path; returns {code: (latitude, longitude) or None}."""
    entries = {}
    files = sorted(glob.glob(os.path.join(directory, "*UNLOCODE CodeListPart*.csv")))
    if not files:
        raise SystemExit(f"derive_data.py: --unlocode {directory}: no *UNLOCODE CodeListPart*.csv files there")
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
    os.makedirs(os.path.dirname(os.path.abspath(out_path)), exist_ok=True)
    with open(out_path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["unlocode", "name", "country", "subdivision", "function", "latitude", "longitude"])
        for code in sorted(entries):
            _, name, country, subdivision, function, coords = entries[code]
            w.writerow([code, name, country, subdivision, function, *(coords or ("", ""))])
    print(f"UN/LOCODE: {rows} entries in {len(files)} files -> {len(entries)} codes in {out_path}")
    return {code: e[5] for code, e in entries.items()}


def read_unlocode(path):
    """{code: (latitude, longitude) or None} from a derived UN/LOCODE list."""
    with open(path, newline="", encoding="utf-8") as f:
        return {row["unlocode"]: (row["latitude"], row["longitude"]) if row["latitude"] else None
                for row in csv.DictReader(f)}


def derive_network(instance, out, linerlib=LINERLIB, reference=None, result=None, demand=None, prefix=None,
                   start="2026-01-05", weeks=26, booking_weeks=(10, 11), transshipment_hours=24.0):
    """Writes locations.csv, schedule.csv and bookings.csv of an instance's network into the folder out.

    Returns the services, the ports called at and the movements written."""
    result = os.path.join(linerlib, result or instance.log)
    demand = os.path.join(linerlib, demand or instance.sample_demand)
    prefix = prefix or instance.prefix
    reference = read_unlocode(BUNDLED_UNLOCODE) if reference is None else reference
    ports = {row["UNLocode"]: row for row in read_tsv(os.path.join(linerlib, "data", "ports.csv"))}
    distances = shortest_distances(os.path.join(linerlib, "data", "dist_dense.csv"))
    services = parse_services(result)
    if not services:
        raise SystemExit(f"derive_data.py: {result}: no services")
    first_departure = datetime.fromisoformat(start).replace(hour=8, tzinfo=timezone.utc)

    called, movements = [], []
    for service in services:
        calls = service["calls"]
        legs = list(zip(calls, calls[1:] + calls[:1]))
        unknown = [leg for leg in legs if leg not in distances]
        if unknown:
            raise SystemExit(f"derive_data.py: service {service['id']}: no distance for {unknown}")
        total = sum(distances[leg] for leg in legs)
        if abs(total - service["distance"]) > 1:
            print(f"  service {service['id']}: distance {total:.0f} nm differs from the logged {service['distance']:.0f}")
        for code in calls:
            if code not in called:
                called.append(code)
        number = f"{prefix}{service['id']:02d}"
        vessel = f"{service['capacity']} FFE"
        # A round trip ends back at the first call; its vessel goes on as the voyage that leaves there the first
        # week after it arrives (the service's vessel count of weeks later, when the round trip fits them).
        round_trip = sum(math.ceil(distances[leg] / service["speed"]) for leg in legs) + 24 * (len(legs) - 1)
        vessels = max(1, math.ceil(round_trip / (7 * 24)))
        if vessels != service["weeks"]:
            print(f"  service {service['id']}: a round trip takes {vessels} weeks here, {service['weeks']:g} in the log")
        for week in range(weeks):
            t = first_departure + timedelta(weeks=week)
            voyage = f"{number}-W{week + 1:02d}"
            continues_as = f"{number}-W{week + vessels + 1:02d}" if week + vessels < weeks else ""
            for frm, to in legs:
                arrival = t + timedelta(hours=math.ceil(distances[(frm, to)] / service["speed"]))
                movements.append((voyage, number, vessel, frm, to, iso(t), iso(arrival),
                                  service["capacity"] * 2, f"{distances[(frm, to)]:g}", continues_as))
                t = arrival + timedelta(days=1)

    os.makedirs(out, exist_ok=True)
    unknown_zones = sorted(code for code in called if code not in TIME_ZONES)
    if unknown_zones:
        print(f"  no time zone known for {', '.join(unknown_zones)}: UTC (add them to TIME_ZONES)")
    with open(os.path.join(out, "locations.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["unlocode", "name", "country", "transshipment_hours", "latitude", "longitude", "time_zone",
                    "handling_cost_per_teu", "transshipment_cost_per_teu"])
        for code in sorted(called):
            port = ports[code]
            lat, lon = port["Latitude"], port["Longitude"]
            if reference.get(code):
                lat, lon = reference[code]  # the official coordinates (LINER-LIB swaps some)
            zone = TIME_ZONES.get(code, "UTC")
            zoneinfo.ZoneInfo(zone)  # an identifier this Python's time zone database knows
            # LINER-LIB's handling costs are USD per FFE: a load or discharge (CostPerFULL) and a transshipment
            # (CostPerFULLTrnsf); per TEU they are half.
            per_teu = [f"{float(port[column]) / 2:g}" for column in ("CostPerFULL", "CostPerFULLTrnsf")]
            w.writerow([code, port["name"], code[:2], f"{transshipment_hours:g}", lat, lon, zone] + per_teu)
    movements.sort(key=lambda m: (m[5], m[0]))
    with open(os.path.join(out, "schedule.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["voyage", "service", "vessel", "from", "to", "departure", "arrival", "capacity_teu", "distance_nm",
                    "continues_as"])
        w.writerows(movements)

    rows = read_tsv(demand)
    served = set(called)
    kept = [row for row in rows if row["Origin"] in served and row["Destination"] in served]
    with open(os.path.join(out, "bookings.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["booking", "origin", "destination", "ready", "deadline", "teu", "revenue_per_teu"])
        for week in booking_weeks:
            ready = (first_departure + timedelta(weeks=week)).date()
            for index, row in enumerate(kept):
                deadline = ready + timedelta(days=float(row["TransitTime"]))
                w.writerow([f"{prefix}-W{week + 1:02d}-{index + 1:04d}", row["Origin"], row["Destination"],
                            ready.isoformat(), deadline.isoformat(), int(float(row["FFEPerWeek"]) * 2),
                            f"{float(row['Revenue_1']) / 2:g}"])
    not_in_reference = [code for code in called if code not in reference]
    print(f"{instance.name} -> {out}: {len(services)} services, {len(called)} ports, {len(movements)} movements over "
          f"{weeks} weeks; {len(kept)} of {len(rows)} demands served -> {len(kept) * len(booking_weeks)} bookings "
          f"in weeks {list(booking_weeks)}; ports not in the UN/LOCODE list: {not_in_reference or 'none'}")
    return services, called, movements


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--instance", choices=sorted(INSTANCES), default="WorldSmall",
                    help="the LINER-LIB instance whose best network becomes the timetable (default: WorldSmall)")
    ap.add_argument("--out", metavar="DIR",
                    help="the folder for the network's locations.csv, schedule.csv and bookings.csv")
    ap.add_argument("--linerlib", default=LINERLIB, metavar="DIR",
                    help="LINER-LIB's data/ and results/ folders (default: the vendored Benchmarks/linerlib)")
    ap.add_argument("--result", help="the result log whose services become the schedule, relative to --linerlib "
                                     "(default: the instance's, see INSTANCES)")
    ap.add_argument("--demand", help="the demand file of the sample bookings, relative to --linerlib "
                                     "(default: the instance's)")
    ap.add_argument("--unlocode", metavar="DIR",
                    help="derive the UN/LOCODE list from the UNECE release's *UNLOCODE CodeListPart*.csv files here")
    ap.add_argument("--unlocode-out", default=BUNDLED_UNLOCODE, metavar="FILE",
                    help="where --unlocode writes the list (default: Data/unlocode/unlocode-2023-1.csv)")
    ap.add_argument("--prefix", help="voyage number prefix (default: the instance's, such as WS)")
    ap.add_argument("--start", default="2026-01-05", help="first departure day (a Monday), 08:00 UTC")
    ap.add_argument("--weeks", type=int, default=26)
    ap.add_argument("--booking-weeks", default="10,11", help="weeks (from 0) whose demand becomes bookings")
    ap.add_argument("--transshipment-hours", type=float, default=24)
    a = ap.parse_args()
    if a.out is None and a.unlocode is None:
        ap.error("nothing to derive: give --out DIR for a network, --unlocode DIR for the UN/LOCODE list, or both")

    reference = derive_unlocode(a.unlocode, a.unlocode_out) if a.unlocode else None
    if a.out:
        derive_network(INSTANCES[a.instance], a.out, linerlib=a.linerlib, reference=reference, result=a.result,
                       demand=a.demand, prefix=a.prefix, start=a.start, weeks=a.weeks,
                       booking_weeks=[int(w) for w in a.booking_weeks.split(",")],
                       transshipment_hours=a.transshipment_hours)


if __name__ == "__main__":
    main()
