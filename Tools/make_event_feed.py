#!/usr/bin/env python3
"""Writes examples/events/feed.json: a carrier's DCSA Track & Trace 2.2 feed for the bundled WorldSmall schedule's
week from Monday 2 March 2026, as of Friday 6 March 2026, 12:00 UTC (the schedule laid out from 5 January 2026, as the
README's examples run it); and examples/events/schedule-update.json, the carrier's DCSA Commercial Schedules 1.0.3
publication of voyage WS29-W09 again, without its call at Rotterdam (NLRTM).

usage: make_event_feed.py [OUTPUT [UPDATE]]

The feed holds, in this order:
- an actual (ACT) departure and arrival for every call of the week that happened by Friday noon, created an hour
  after it, at the times the schedule publishes (the vessels kept time);
- estimates (EST) of three delays, created Friday morning: WS00-W07 reaches Takoradi (GHTKD) three days late (bad
  weather), WS15-W09 Tanjung Pelepas (MYTPP) five days late (port congestion), and WS24-W09 Santos (BRSSZ) two days
  late (cargo operations);
- the gate-in (GTIN) and load (LOAD) of bookings ACME-0001 (examples/events/bookings.csv) at Shanghai onto WS29-W09
  and ACME-0003 at Tangier onto WS00-W07, the voyages `assign` gives them.

The schedule update lists every call of WS29-W09 but Rotterdam, at the times the schedule publishes (PLN arrivals and
departures, in UTC): neither standard has an "omitted" status, so the call the publication no longer lists is omitted.

Run it again after a change to the schedule; the events' identifiers are derived from what they say, so the same
feed is written each time.
"""
import csv
import datetime
import json
import os
import sys
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEDULE = os.path.join(HERE, "..", "Data", "linerlib-worldsmall", "schedule.csv")
START = datetime.datetime(2026, 3, 2, tzinfo=datetime.timezone.utc)
AS_OF = datetime.datetime(2026, 3, 6, 12, tzinfo=datetime.timezone.utc)
DELAYS = [  # (voyage, port, event, days late, reason)
    ("WS00-W07", "GHTKD", "ARRI", 3, "WEA"),
    ("WS15-W09", "MYTPP", "ARRI", 5, "PCO"),
    ("WS24-W09", "BRSSZ", "ARRI", 2, "CAR"),
]
NAMESPACE = uuid.UUID("6c0e8a4e-2f1b-4c43-9d51-8f6e1a0b7c21")


def parse(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def stamp(time):
    return time.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def call_sequences(rows):
    """Per (voyage, movement's row index): the sequence numbers of its departure's and arrival's calls, counted per port
    from 1 in sailing order, as route-planner reads transportCallSequenceNumber."""
    voyages = {}
    for index, row in enumerate(rows):
        voyages.setdefault(row["voyage"], []).append(index)
    sequences = {}
    for voyage, indices in voyages.items():
        indices.sort(key=lambda index: rows[index]["departure"])
        seen = {}

        def next_call(port):
            seen[port] = seen.get(port, 0) + 1
            return seen[port]

        departure = next_call(rows[indices[0]]["from"])
        for index in indices:
            arrival = next_call(rows[index]["to"])
            sequences[index] = (departure, arrival)
            departure = arrival
    return sequences


def transport(kind, classifier, voyage, service, port, time, created, sequence, reason=None):
    event = {
        "eventID": str(uuid.uuid5(NAMESPACE, f"{kind} {classifier} {voyage} {port} {stamp(time)}")),
        "eventType": "TRANSPORT",
        "eventClassifierCode": classifier,
        "eventCreatedDateTime": stamp(created),
        "eventDateTime": stamp(time),
        "transportEventTypeCode": kind,
        "transportCall": {
            "transportCallID": f"{voyage}-{port}",
            "modeOfTransport": "VESSEL",
            "UNLocationCode": port,
            "transportCallSequenceNumber": sequence,
            "carrierServiceCode": service,
            ("importVoyageNumber" if kind == "ARRI" else "exportVoyageNumber"): voyage,
        },
    }
    if reason:
        event["delayReasonCode"] = reason
        event["changeRemark"] = {"WEA": "Bad weather", "PCO": "Port congestion", "CAR": "Cargo operations"}[reason]
    return event


def equipment(kind, booking, port, voyage, time):
    event = {
        "eventID": str(uuid.uuid5(NAMESPACE, f"{kind} {booking} {port} {stamp(time)}")),
        "eventType": "EQUIPMENT",
        "eventClassifierCode": "ACT",
        "eventCreatedDateTime": stamp(time + datetime.timedelta(minutes=30)),
        "eventDateTime": stamp(time),
        "equipmentEventTypeCode": kind,
        "equipmentReference": "APZU4812090",
        "emptyIndicatorCode": "LADEN",
        "eventLocation": {"UNLocationCode": port},
        "documentReferences": [{"documentReferenceType": "BKG", "documentReferenceValue": booking}],
    }
    if voyage:
        event["transportCall"] = {"transportCallID": f"{voyage}-{port}", "modeOfTransport": "VESSEL", "UNLocationCode": port, "exportVoyageNumber": voyage}
    return event


OMITTED = ("WS29-W09", "NLRTM")


def schedule_update(rows):
    """A vessel-schedules document publishing OMITTED's voyage again without OMITTED's call."""
    voyage, omitted = OMITTED
    movements = sorted((row for row in rows if row["voyage"] == voyage), key=lambda row: row["departure"])
    # Each call: its port, arrival and departure, in sailing order.
    calls = [(movements[0]["from"], None, movements[0]["departure"])]
    for index, row in enumerate(movements):
        calls.append((row["to"], row["arrival"], movements[index + 1]["departure"] if index + 1 < len(movements) else None))
    transport_calls = []
    for port, arrival, departure in calls:
        if port == omitted:
            continue
        timestamps = [{"eventTypeCode": kind, "eventClassifierCode": "PLN", "eventDateTime": time}
                      for kind, time in (("ARRI", arrival), ("DEPA", departure)) if time]
        number = len(transport_calls) + 1
        call = {"transportCallReference": f"{voyage}-{number:02d}-{port}", "carrierImportVoyageNumber": voyage,
                "location": {"UNLocationCode": port}, "timestamps": timestamps}
        if departure:
            call["carrierExportVoyageNumber"] = voyage
        transport_calls.append(call)
    service = movements[0]["service"]
    return [{"carrierServiceName": f"WorldSmall {service}", "carrierServiceCode": service,
             "vesselSchedules": [{"vessel": {"name": f"{service} {movements[0]['vessel']}"}, "isDummyVessel": False,
                                  "transportCalls": transport_calls}]}]


def main():
    output = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "examples", "events", "feed.json")
    update = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(output), "schedule-update.json")
    with open(SCHEDULE, newline="") as file:
        rows = list(csv.DictReader(file))
    sequences = call_sequences(rows)
    events = []
    hour = datetime.timedelta(hours=1)
    for index, row in enumerate(rows):
        departure, arrival = parse(row["departure"]), parse(row["arrival"])
        (leaving, reaching) = sequences[index]
        if START <= departure <= AS_OF:
            events.append(transport("DEPA", "ACT", row["voyage"], row["service"], row["from"], departure, departure + hour, leaving))
        if START <= arrival <= AS_OF:
            events.append(transport("ARRI", "ACT", row["voyage"], row["service"], row["to"], arrival, arrival + hour, reaching))
    created = AS_OF - datetime.timedelta(hours=4)
    for voyage, port, kind, days, reason in DELAYS:
        index = next(i for i, r in enumerate(rows) if r["voyage"] == voyage and r["to" if kind == "ARRI" else "from"] == port)
        row = rows[index]
        published = parse(row["arrival" if kind == "ARRI" else "departure"])
        sequence = sequences[index][1 if kind == "ARRI" else 0]
        events.append(transport(kind, "EST", voyage, row["service"], port, published + datetime.timedelta(days=days), created, sequence, reason))
    events.append(equipment("GTIN", "ACME-0001", "CNSHA", None, datetime.datetime(2026, 3, 4, 9, tzinfo=datetime.timezone.utc)))
    events.append(equipment("LOAD", "ACME-0001", "CNSHA", "WS29-W09", datetime.datetime(2026, 3, 5, 8, tzinfo=datetime.timezone.utc)))
    events.append(equipment("GTIN", "ACME-0003", "MAPTM", None, datetime.datetime(2026, 3, 1, 12, tzinfo=datetime.timezone.utc)))
    events.append(equipment("LOAD", "ACME-0003", "MAPTM", "WS00-W07", datetime.datetime(2026, 3, 1, 20, tzinfo=datetime.timezone.utc)))
    with open(output, "w") as file:
        json.dump(events, file, indent=1)
        file.write("\n")
    print(f"{output}: {len(events)} events", file=sys.stderr)
    with open(update, "w") as file:
        json.dump(schedule_update(rows), file, indent=1)
        file.write("\n")
    print(f"{update}: {OMITTED[0]} without {OMITTED[1]}", file=sys.stderr)


if __name__ == "__main__":
    main()
