#!/usr/bin/env python3
"""Two `route-planner serve` processes over one PostgreSQL store agree, and lose no change to a race.

    PGPASSWORD=... python3 Tools/two_servers_test.py --store postgres://USER@127.0.0.1/EMPTY_DATABASE \
        [--binary .build/release/route-planner]

The database must exist and be empty (`createdb`); the test makes the store in it: a customer (ACME), a planner
(alice) and ACME's user (bob), with a token each. Then two servers, A and B, on loopback ports of their own, plan as
of 2026-03-20 on the bundled schedule laid out from 2026-01-05, and:

- a cargo booked through A with bob's token is found through B, in its list and by its id, the same document;
  a customer registered through B is listed through A; a desk session started on A (its login) is a session on B;
- two changes to one cargo at once, one through each server (handling events, 40 rounds, each pair released
  together): each is 201 or 409 with a `conflict` problem, never anything else; at least one race is lost with a
  409; and the cargo keeps exactly the events whose requests were answered 201, each once (nothing half-written);
- batches of the example carriers' feed posted two at a time, one through each server: each is applied (200), each
  is its own next version of the schedule, and every event is recorded once;
- an assignment run started on A's desk (alice's session) is kept in the store: its screen opens on B, the same run,
  until it ends there too;
- a long run (the bundled bookings uploaded, no gap allowed) started on A's desk is stopped when A stops on SIGTERM:
  A exits 0 within 10 seconds, and B's desk shows the run cancelled, never running;
- both servers stop on SIGTERM with exit status 0.

One line per check (PASS or FAIL); exit status 0 when every check passes, 1 otherwise.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import sys
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from served import multipart, run, start_server  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FIRST_WEEK, AS_OF, PASSWORD = "2026-01-05", "2026-03-20", "correct horse battery"
BOOKING = {"customer": "ACME", "origin": "CNSHA", "destination": "NLRTM", "ready": "2026-03-23", "deadline": "2026-05-30"}
ROUNDS = 40
BATCHES = 6
failures: list[str] = []


def check(name: str, passed: bool, detail: str = "") -> None:
    print(("PASS " if passed else "FAIL ") + name + ("" if passed or not detail else f": {detail}"), flush=True)
    if not passed:
        failures.append(name)


def call(port: int, method: str, path: str, token: str | None = None, document: object | None = None,
         headers: dict[str, str] | None = None, body: bytes | None = None) -> tuple[int, dict[str, str], str]:
    """One request, with a JSON document or a body of its own; the status, the headers (lower-case names) and the body."""
    sent = {**({"Authorization": f"Bearer {token}"} if token else {}), **(headers or {})}
    if document is not None:
        body = json.dumps(document).encode()
        sent["Content-Type"] = "application/json"
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request(method, path, body=body, headers=sent)
        answer = connection.getresponse()
        return answer.status, {name.lower(): value for name, value in answer.getheaders()}, answer.read().decode("utf-8", "replace")
    finally:
        connection.close()


def desk_login(port: int, user: str) -> str:
    """A desk session of a user, started by the login form; its id."""
    form = urllib.parse.urlencode({"username": user, "password": PASSWORD, "next": "/"}).encode()
    status, headers, _ = call(port, "POST", "/login", headers={
        "Content-Type": "application/x-www-form-urlencoded", "Origin": f"http://127.0.0.1:{port}"}, body=form)
    cookie = re.match(r"rp_session=([^;]+)", headers.get("set-cookie", ""))
    check(f"{user} logs in on the desk", status == 303 and cookie is not None, str(status))
    return cookie.group(1) if cookie else ""


def problem_codes(body: str) -> list[str]:
    try:
        return [problem.get("code", "") for problem in json.loads(body).get("problems", [])]
    except (ValueError, AttributeError):
        return []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(ROOT / ".build/release/route-planner"), help="the route-planner to test")
    parser.add_argument("--store", required=True, help="postgres://USER@HOST/DATABASE of an empty database")
    options = parser.parse_args()
    binary, store = options.binary, options.store
    week = ["--first-week", FIRST_WEEK]
    run(binary, "customer", "ACME", "Acme Shipping", "--store", store, *week)
    run(binary, "user", "add", "alice", "--role", "planner", "--store", store, password=PASSWORD)
    run(binary, "user", "add", "bob", "--role", "customer", "--customer", "ACME", "--store", store, password=PASSWORD)
    alice = run(binary, "token", "create", "alice", "--store", store).strip().splitlines()[-1]
    bob = run(binary, "token", "create", "bob", "--store", store).strip().splitlines()[-1]
    arguments = ["--store", store, "--first-week", FIRST_WEEK, "--as-of", AS_OF]
    a, b = start_server(binary, arguments), start_server(binary, arguments)
    try:
        # One truth: what one server writes, the other reads. B lists first, so that its list is kept current from the
        # writes made since (write marks), not read whole.
        status, _, listed = call(b.port, "GET", "/api/v1/cargo", alice)
        check("server B lists no cargo yet", status == 200 and json.loads(listed).get("cargo") == [], f"{status} {listed[:300]}")
        status, _, body = call(a.port, "POST", "/api/v1/cargo", bob, BOOKING)
        document = json.loads(body) if status == 201 else {}
        tracking_id = (document.get("cargo") or {}).get("trackingId", "") if isinstance(document, dict) else ""
        check("a cargo is booked through server A", status == 201 and re.fullmatch(r"RP\d{6}", tracking_id) is not None, f"{status} {body[:300]}")
        status_a, _, through_a = call(a.port, "GET", f"/api/v1/cargo/{tracking_id}", bob)
        status_b, _, through_b = call(b.port, "GET", f"/api/v1/cargo/{tracking_id}", bob)
        check("server B finds it by its id, the same document as A's", status_b == 200 and through_a == through_b,
              f"A: {status_a}, B: {status_b} {through_b[:300]}")
        status, _, listed = call(b.port, "GET", "/api/v1/cargo", bob)
        check("server B lists it", status == 200 and tracking_id in listed, f"{status} {listed[:300]}")
        status, _, body = call(b.port, "POST", "/api/v1/customers", alice, {"id": "GLOBEX", "name": "Globex"})
        check("a customer is registered through server B", status == 201, f"{status} {body[:300]}")
        status, _, body = call(a.port, "GET", "/api/v1/customers", alice)
        check("server A lists it", status == 200 and "GLOBEX" in body, f"{status} {body[:300]}")
        form = urllib.parse.urlencode({"username": "bob", "password": PASSWORD, "next": f"/cargo/{tracking_id}"}).encode()
        connection = http.client.HTTPConnection("127.0.0.1", a.port, timeout=60)
        connection.request("POST", "/login", body=form, headers={
            "Content-Type": "application/x-www-form-urlencoded", "Origin": f"http://127.0.0.1:{a.port}"})
        answer = connection.getresponse()
        answer.read()
        cookie = re.match(r"rp_session=([^;]+)", answer.getheader("Set-Cookie") or "")
        connection.close()
        check("bob logs in on server A's desk", answer.status == 303 and cookie is not None, f"{answer.status}")
        status, _, page = call(b.port, "GET", f"/cargo/{tracking_id}", headers={"Cookie": f"rp_session={cookie.group(1) if cookie else ''}"})
        check("server B's desk takes A's session and shows bob's cargo", status == 200 and tracking_id in page, f"{status}")

        # Races: one handling event through each server at once, released together.
        outcomes: list[tuple[int, str, str]] = []
        lock = threading.Lock()

        def register(port: int, barrier: threading.Barrier, round: int, server: str) -> None:
            # A time of its own for each change: 20 hours, at :00 and :30 through A, :15 and :45 through B.
            minute = (round // 20) * 30 + (0 if server == "A" else 15)
            event = {"event": "CUSTOMS", "location": "CNSHA", "completionTime": f"2026-03-23T{round % 20:02d}:{minute:02d}:00Z",
                     "registrationTime": "2026-03-24T00:00:00Z"}
            barrier.wait()
            status, _, body = call(port, "POST", f"/api/v1/cargo/{tracking_id}/events", alice, event)
            with lock:
                outcomes.append((status, body, event["completionTime"]))

        for round in range(ROUNDS):
            barrier = threading.Barrier(2)
            threads = [threading.Thread(target=register, args=(server.port, barrier, round, name)) for name, server in (("A", a), ("B", b))]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        unexpected = [(status, body[:200]) for status, body, _ in outcomes if status != 201 and not (status == 409 and "conflict" in problem_codes(body))]
        check("every change is 201, or 409 with a conflict problem", not unexpected, str(unexpected[:5]))
        won = sorted(time for status, _, time in outcomes if status == 201)
        lost = sum(1 for status, _, _ in outcomes if status == 409)
        check(f"a race is lost with a 409 ({lost} of {len(outcomes)} changes)", lost >= 1)
        check("a change of each race is kept", len(won) >= ROUNDS)
        status, _, body = call(a.port, "GET", f"/api/v1/cargo/{tracking_id}", alice)
        cargo = json.loads(body).get("cargo", {}) if status == 200 else {}
        events = sorted(event.get("completionTime", "") for event in cargo.get("events", []))
        check("the cargo keeps exactly the changes answered 201, each once", events == won, f"{len(events)} events kept, {len(won)} answered 201")
        recorded = [change for change in cargo.get("changes", []) if change.get("kind") == "handled"]
        check("and records each as alice's", len(recorded) == len(won) and all(change.get("by") == "alice" for change in recorded),
              f"{len(recorded)} recorded")
        status, _, listed = call(b.port, "GET", f"/api/v1/cargo?search={tracking_id}", alice)
        rows = json.loads(listed).get("cargo", []) if status == 200 else []
        check("server B's list has the cargo as A tracks it, after both servers' writes",
              len(rows) == 1 and rows[0] == cargo, f"{status} {listed[:300]}")

        # Carriers' events: batches of the example feed posted at once, one through each server. Each is applied over
        # the schedule the other left (applied again when the other came first), so each is its own next version.
        feed = [event for event in json.loads((ROOT / "examples/events/feed.json").read_text()) if event.get("eventType") == "TRANSPORT"]
        chunks = [feed[index::BATCHES * 2] for index in range(BATCHES * 2)]
        answers: list[tuple[int, str]] = []

        def post(port: int, barrier: threading.Barrier, chunk: list[object]) -> None:
            barrier.wait()
            status, _, body = call(port, "POST", "/v2/events", alice, chunk)
            with lock:
                answers.append((status, body))

        for round in range(BATCHES):
            barrier = threading.Barrier(2)
            threads = [threading.Thread(target=post, args=(server.port, barrier, chunks[round * 2 + side])) for side, server in enumerate((a, b))]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        versions = sorted(json.loads(body).get("scheduleVersion", 0) for status, body in answers if status == 200)
        check(f"{BATCHES * 2} batches of events posted two at a time are each applied (200)", [status for status, _ in answers] == [200] * (BATCHES * 2),
              str([(status, body[:200]) for status, body in answers if status != 200][:3]))
        check("each batch is its own next version of the schedule", versions == list(range(1, BATCHES * 2 + 1)), str(versions))
        status, _, body = call(b.port, "GET", "/v2/events?limit=1000", alice)
        check("every event is recorded once", status == 200 and sorted(event["eventID"] for event in json.loads(body)) == sorted(event["eventID"] for event in feed),
              f"{status} {body[:200]}")

        # An assignment run is kept in the store: started on A's desk, it opens on B's.
        alice_session = desk_login(a.port, "alice")
        cookie_header = {"Cookie": f"rp_session={alice_session}"}
        status, _, page = call(a.port, "GET", "/assignments", headers=cookie_header)
        token = re.search(r'name="_token" value="([^"]+)"', page)
        form = urllib.parse.urlencode({"source": "store", "timeLimit": "10", "gap": "0.01%", "_token": token.group(1) if token else ""})
        status, headers, body = call(a.port, "POST", "/assignments", headers={
            **cookie_header, "Content-Type": "application/x-www-form-urlencoded", "Origin": f"http://127.0.0.1:{a.port}"}, body=form.encode())
        run_path = headers.get("location", "")
        check("alice starts an assignment run on server A's desk", status == 303 and run_path.startswith("/assignments/"), f"{status} {body[:300]}")
        status, _, page = call(b.port, "GET", run_path, headers=cookie_header)
        check("server B's desk opens the run", status == 200 and "<h1>Assignment" in page, f"{status} {page[:300]}")
        for _ in range(600):
            if "Assignment running" not in page:
                break
            threading.Event().wait(0.1)
            status, _, page = call(b.port, "GET", run_path, headers=cookie_header)
        check("and follows it there until it ends", status == 200 and "Assignment running" not in page and "<h1>Assignment</h1>" in page,
              f"{status} {re.sub(r'<[^>]+>', ' ', page)[:400]}")

        # A shutdown stops the runs of the server that stops, and the store says so to the other.
        status, _, page = call(a.port, "GET", "/assignments", headers=cookie_header)
        token = re.search(r'name="_token" value="([^"]+)"', page)
        # The bundled bookings still due after the planning date.
        rows = (ROOT / "Data/linerlib-worldsmall/bookings.csv").read_text().splitlines()
        due = [rows[0]] + [row for row in rows[1:] if row.split(",")[4][:10] > AS_OF[:10]]
        body, content_type = multipart(
            {"source": "file", "customer": "ACME", "timeLimit": "300", "gap": "0%", "_token": token.group(1) if token else ""},
            {"file": ("bookings.csv", "\n".join(due).encode() + b"\n")})
        status, headers, answer = call(a.port, "POST", "/assignments", headers={
            **cookie_header, "Content-Type": content_type, "Origin": f"http://127.0.0.1:{a.port}"}, body=body)
        long_run = headers.get("location", "")
        check("alice starts a long run on server A's desk", status == 303 and long_run.startswith("/assignments/"),
              f"{status} {re.sub(r'<[^>]+>', ' ', answer)[-1500:]}")
        status, _, page = call(b.port, "GET", long_run, headers=cookie_header)
        check("server B's desk shows it running", status == 200 and "Assignment running" in page, f"{status} {re.sub(r'<[^>]+>', ' ', page)[:400]}")
        started = time.monotonic()
        check("server A stops on SIGTERM with 0 while the run works", a.stop() == 0, a.stderr_text()[-2000:])
        check("within 10 seconds", time.monotonic() - started < 10, f"{time.monotonic() - started:.1f} s")
        status, _, page = call(b.port, "GET", long_run, headers=cookie_header)
        check("server B's desk shows the run cancelled", status == 200 and "Assignment cancelled" in page,
              f"{status} {re.sub(r'<[^>]+>', ' ', page)[:400]}")
    finally:
        check("server A stops on SIGTERM with 0", a.stop() == 0, a.stderr_text()[-2000:])
        check("server B stops on SIGTERM with 0", b.stop() == 0, b.stderr_text()[-2000:])
    print(f"{len(failures)} of the checks failed" if failures else "every check passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
