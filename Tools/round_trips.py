#!/usr/bin/env python3
"""The store round trips one desk request costs, as `/metrics` counts them (`store_round_trips_total`).

    python3 Tools/round_trips.py --binary .build/release/route-planner [--store postgres://planner@127.0.0.1/db]

Serves a fresh store (an SQLite file, or the PostgreSQL database given, emptied first by the caller), logs a planner in,
and prints the round trips of a booking (`POST /book`), of the cargo's screen it goes on to, of the cargo list and of a
cancellation, each the median of five.
"""
import argparse
import os
import re
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attack_test import Client, make_store, serve, serve_arguments  # noqa: E402


def round_trips(client: Client) -> int:
    text = client.get("/metrics").text
    return sum(int(float(value)) for value in re.findall(r'^store_round_trips_total\{kind="[a-z]+"\} (\S+)$', text, re.M))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--store")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = arguments.store or os.path.join(folder, "store.sqlite")
        make_store(arguments.binary, store)
        server = serve(arguments.binary, serve_arguments(store))
        try:
            planner, metrics = Client(server.port), Client(server.port)
            if planner.log_in("alice").status != 303:
                raise RuntimeError("alice cannot log in")
            planner.get("/book")
            costs: dict[str, list[int]] = {"POST /book": [], "GET /cargo/{id}": [], "GET /cargo": [], "POST /cargo/{id}/cancel": []}
            for _ in range(5):
                before = round_trips(metrics)
                booked = planner.post_form("/book", {"customer": "ACME", "from": "CNSHA", "to": "NLRTM", "ready": "2026-03-23",
                                                     "deadline": "2026-05-30", "teu": "1"})
                if booked.status != 303:
                    raise RuntimeError(f"POST /book answered {booked.status}: {booked.text[:400]}")
                after = round_trips(metrics)
                costs["POST /book"].append(after - before)
                path = booked.location.split("?")[0]
                planner.get(booked.location)
                costs["GET /cargo/{id}"].append(round_trips(metrics) - after)
                before = round_trips(metrics)
                planner.get("/cargo")
                costs["GET /cargo"].append(round_trips(metrics) - before)
                before = round_trips(metrics)
                if planner.post_form(path + "/cancel", {}).status != 303:
                    raise RuntimeError(f"{path}/cancel refused")
                costs["POST /cargo/{id}/cancel"].append(round_trips(metrics) - before)
                planner.get("/book")
            for request, counts in costs.items():
                print(f"{request}: {statistics.median(counts):g} round trips (median of {len(counts)}: {counts})")
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
