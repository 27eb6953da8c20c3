#!/usr/bin/env python3
"""Writes examples/dcsa/: a DCSA Commercial Schedules 1.0.3 vessel-schedules document with cut-offs, and its
capacity, distance and bookings files, from three services of the bundled network (Data/linerlib-worldsmall).

    python3 Tools/make_dcsa_example.py

The services are WS15 (Shanghai to Tanjung Pelepas and on to Africa), WS25 (Tanjung Pelepas to North Europe)
and WS29 (Asia to North Europe, calling at Shanghai and Rotterdam), with the voyages that leave their first
port from 9 February to 16 March 2026. Each voyage is one vessel schedule; its calls carry PLN arrival and
departure timestamps at the bundled times, written in the port's local time (time_zone of the bundled
locations), and an EST departure three hours after the PLN one where the next arrival allows. Every departure
call carries the cut-offs a carrier typically publishes: DGC 72, DCO 48, VCO 36, RCO 30, FCO 24 and TCO 12
hours before the (PLN) departure. Vessel names and IMO numbers are made up (valid check digits). Capacities
are the bundled ones, by voyage, in capacities.csv; the sea distance of each pair of ports the voyages sail
between, the bundled distance_nm (LINER-LIB's dist_dense.csv), in distances.csv, each pair once in the order it
is first sailed. The bookings, in bookings.csv, are the bundled ones of week 11 with their ids, sizes and
revenues, ready and due two weeks earlier (ready 2026-03-02), that one of these voyages carries from their origin
to their destination within their window, cut-offs included, so that each has an itinerary. Standard library only; the output is
deterministic.
"""
import csv
import json
import os
import zoneinfo
from datetime import datetime, timedelta, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Data", "linerlib-worldsmall")
OUT = os.path.join(ROOT, "examples", "dcsa")
SERVICES = {"WS15": "Asia - West Africa WS15", "WS25": "Asia - North Europe WS25", "WS29": "Asia - North Europe WS29"}
FIRST, LAST = datetime(2026, 2, 9, tzinfo=timezone.utc), datetime(2026, 3, 16, 23, 59, tzinfo=timezone.utc)
CUT_OFFS = [("DGC", 72), ("DCO", 48), ("VCO", 36), ("RCO", 30), ("FCO", 24), ("TCO", 12)]
BOOKED_WEEK, BOOKING_SHIFT = "WS-W11-", timedelta(weeks=2)
NAMES = ["Aurora", "Borealis", "Cassiopeia", "Draco", "Eridanus", "Fornax", "Gemini", "Hydra", "Lyra", "Norma",
         "Orion", "Pavo", "Pyxis", "Sagitta", "Vela", "Volans", "Carina", "Lupus", "Aquila", "Cygnus"]


def utc(text):
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def imo(serial):
    """A seven-digit IMO number with its check digit: the sum of the first six digits times 7 ... 2, mod 10."""
    digits = f"{serial:06d}"
    return digits + str(sum(int(d) * w for d, w in zip(digits, range(7, 1, -1))) % 10)


def main():
    with open(os.path.join(DATA, "locations.csv"), newline="", encoding="utf-8") as f:
        ports = {row["unlocode"]: row for row in csv.DictReader(f)}
    voyages = {}
    with open(os.path.join(DATA, "schedule.csv"), newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["service"] in SERVICES:
                voyages.setdefault(row["voyage"], []).append(row)

    def local(moment, port):
        return moment.astimezone(zoneinfo.ZoneInfo(ports[port]["time_zone"])).isoformat()

    schedules, capacities, distances, sailed, vessel = [], [], {}, [], 0
    for service, name in SERVICES.items():
        vessel_schedules = []
        for number in sorted(v for v in voyages if v.startswith(service + "-")):
            movements = sorted(voyages[number], key=lambda m: m["departure"])
            if not FIRST <= utc(movements[0]["departure"]) <= LAST:
                continue
            calls = []
            for index in range(len(movements) + 1):
                port = movements[index]["from"] if index < len(movements) else movements[-1]["to"]
                call = {
                    "transportCallReference": f"{number}-{index + 1:02d}-{port}",
                    "carrierImportVoyageNumber": number,
                    "location": {"UNLocationCode": port, "locationName": ports[port]["name"]},
                    "timestamps": [],
                }
                if index > 0:
                    arrival = utc(movements[index - 1]["arrival"])
                    call["timestamps"].append({"eventTypeCode": "ARRI", "eventClassifierCode": "PLN", "eventDateTime": local(arrival, port)})
                if index < len(movements):
                    call["carrierExportVoyageNumber"] = number
                    departure = utc(movements[index]["departure"])
                    call["timestamps"].append({"eventTypeCode": "DEPA", "eventClassifierCode": "PLN", "eventDateTime": local(departure, port)})
                    if index % 3 == 1 and utc(movements[index]["arrival"]) - departure > timedelta(hours=6):
                        call["timestamps"].append({"eventTypeCode": "DEPA", "eventClassifierCode": "EST",
                                                   "eventDateTime": local(departure + timedelta(hours=3), port)})
                    call["cutOffTimes"] = [{"cutOffDateTimeCode": code, "cutOffDateTime": local(departure - timedelta(hours=hours), port)}
                                           for code, hours in CUT_OFFS]
                calls.append(call)
            vessel_schedules.append({
                "vessel": {"vesselIMONumber": imo(970000 + vessel), "name": f"RP {NAMES[vessel % len(NAMES)]}"},
                "isDummyVessel": False,
                "transportCalls": calls,
            })
            capacities.append((number, movements[0]["capacity_teu"]))
            sailed.append(movements)
            for m in movements:
                if (m["from"], m["to"]) not in distances and (m["to"], m["from"]) not in distances:
                    distances[(m["from"], m["to"])] = m["distance_nm"]
            vessel += 1
        schedules.append({"carrierServiceName": name, "carrierServiceCode": service, "vesselSchedules": vessel_schedules})
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "vessel-schedules.json"), "w", encoding="utf-8") as f:
        json.dump(schedules, f, indent=2, ensure_ascii=False)
        f.write("\n")
    with open(os.path.join(OUT, "capacities.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["voyage", "capacity_teu"])
        w.writerows(capacities)
    with open(os.path.join(OUT, "distances.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["from", "to", "distance_nm"])
        w.writerows((a, b, miles) for (a, b), miles in distances.items())
    def carried_directly(origin, destination, ready, deadline):
        """Whether one voyage departs from the origin after a dry container ready then can make its cut-offs (the
        documentation cut-off is the latest), and then arrives at the destination by the deadline."""
        latest = max(hours for code, hours in CUT_OFFS if code in ("DCO", "VCO", "FCO"))
        for movements in sailed:
            for start, m in enumerate(movements):
                if m["from"] == origin and utc(m["departure"]) - timedelta(hours=latest) >= ready and any(
                        n["to"] == destination and utc(n["arrival"]) <= deadline for n in movements[start:]):
                    return True
        return False

    with open(os.path.join(DATA, "bookings.csv"), newline="", encoding="utf-8") as f:
        rows = [row for row in csv.DictReader(f) if row["booking"].startswith(BOOKED_WEEK)]
    with open(os.path.join(OUT, "bookings.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["booking", "origin", "destination", "ready", "deadline", "teu", "revenue_per_teu"])
        for row in rows:
            ready, deadline = (datetime.strptime(row[key], "%Y-%m-%d").replace(tzinfo=timezone.utc) - BOOKING_SHIFT
                               for key in ("ready", "deadline"))
            if carried_directly(row["origin"], row["destination"], ready, deadline + timedelta(hours=23, minutes=59, seconds=59)):
                w.writerow([row["booking"], row["origin"], row["destination"], ready.strftime("%Y-%m-%d"),
                            deadline.strftime("%Y-%m-%d"), row["teu"], row["revenue_per_teu"]])
    print(f"{vessel} vessel schedules of {len(SERVICES)} services -> {OUT}")


if __name__ == "__main__":
    main()
