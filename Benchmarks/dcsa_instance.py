#!/usr/bin/env python3
"""Writes a benchmark instance's schedule as DCSA Commercial Schedules 1.0.3 vessel schedules.

usage: dcsa_instance.py INSTANCE_DIR [--cut-offs SHARE] [--seed N]

Reads INSTANCE_DIR/schedule.csv (voyage, from, to, departure, arrival, capacity_teu) and writes, beside it,
vessel-schedules.json (the body of a GET /v1/vessel-schedules response: one ServiceSchedule per service, the
voyage number's part before "-W"; one VesselSchedule per voyage; one transport call per port call, with a PLN
DEPA and ARRI timestamp) and capacities.csv (voyage,capacity_teu). The same instants as the CSV, written in a
UTC offset chosen per port (0, +08:00, +01:00, -05:00 or +05:30), so that the reader converts offsets as it
would for a carrier's file. With --cut-offs SHARE (0 by default, so that the schedule is the CSV's), that
share of departure calls, drawn with --seed, carry DCO, VCO, FCO and RCO cut-offs 48, 36, 24 and 30 hours
before the departure, and a TCO 60 hours before it.

Standard library only; one pass over the movements, written as compact JSON with one transport call per line.
"""
import argparse
import csv
import datetime
import json
import os
import random
import zlib

OFFSETS = [0, 8 * 60, 60, -5 * 60, 5 * 60 + 30]  # minutes
CUT_OFFS = [("DCO", 48), ("VCO", 36), ("FCO", 24), ("RCO", 30), ("TCO", 60)]


def local(text, port):
    """An RFC 3339 UTC time of the CSV in the port's offset."""
    minutes = OFFSETS[zlib.crc32(port.encode()) % len(OFFSETS)]
    moment = datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
    return local_time(moment, minutes)


def local_time(moment, minutes):
    zone = datetime.timezone(datetime.timedelta(minutes=minutes))
    return moment.astimezone(zone).isoformat().replace("+00:00", "Z")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory")
    parser.add_argument("--cut-offs", type=float, default=0.0)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    voyages = {}
    with open(os.path.join(args.directory, "schedule.csv"), newline="") as f:
        for row in csv.DictReader(f):
            voyages.setdefault(row["voyage"], []).append(row)
    services = {}
    for number, movements in voyages.items():
        movements.sort(key=lambda m: m["departure"])
        services.setdefault(number.split("-W")[0], []).append(number)

    def call(number, index, port, arrival, departure):
        stamps = []
        if arrival:
            stamps.append({"eventTypeCode": "ARRI", "eventClassifierCode": "PLN", "eventDateTime": local(arrival, port)})
        fields = {"transportCallReference": f"{number}-{index}", "carrierImportVoyageNumber": number}
        if departure:
            fields["carrierExportVoyageNumber"] = number
            stamps.append({"eventTypeCode": "DEPA", "eventClassifierCode": "PLN", "eventDateTime": local(departure, port)})
            if rng.random() < args.cut_offs:
                moment = datetime.datetime.strptime(departure, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
                minutes = OFFSETS[zlib.crc32(port.encode()) % len(OFFSETS)]
                fields["cutOffTimes"] = [
                    {"cutOffDateTimeCode": code, "cutOffDateTime": local_time(moment - datetime.timedelta(hours=hours), minutes)}
                    for code, hours in CUT_OFFS]
        fields["location"] = {"UNLocationCode": port}
        fields["timestamps"] = stamps
        return json.dumps(fields, separators=(",", ":"))

    path = os.path.join(args.directory, "vessel-schedules.json")
    calls = 0
    with open(path, "w") as out:
        out.write("[")
        for s, (service, numbers) in enumerate(sorted(services.items())):
            out.write(("," if s else "") + json.dumps({"carrierServiceName": f"Service {service}", "carrierServiceCode": service})[:-1])
            out.write(',"vesselSchedules":[')
            for v, number in enumerate(numbers):
                movements = voyages[number]
                out.write(("," if v else "") + '{"isDummyVessel":false,"transportCalls":[\n')
                lines = [call(number, 0, movements[0]["from"], None, movements[0]["departure"])]
                for i, movement in enumerate(movements):
                    following = movements[i + 1]["departure"] if i + 1 < len(movements) else None
                    lines.append(call(number, i + 1, movement["to"], movement["arrival"], following))
                calls += len(lines)
                out.write(",\n".join(lines) + "]}")
            out.write("]}\n")
        out.write("]\n")
    with open(os.path.join(args.directory, "capacities.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["voyage", "capacity_teu"])
        for number, movements in voyages.items():
            w.writerow([number, movements[0]["capacity_teu"]])
    print(f"{len(voyages)} voyages, {calls} calls -> {path} ({os.path.getsize(path) / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
