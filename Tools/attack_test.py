#!/usr/bin/env python3
"""The desk and the lifecycle API with accounts as an attacker tries them: plain HTTP against a real
`route-planner serve`, no browser.

    python3 Tools/attack_test.py [--binary .build/release/route-planner] [--store postgres://USER@HOST/EMPTY_DATABASE]

A temporary SQLite store (or the empty PostgreSQL database given, its password in PGPASSWORD) gets two customers (ACME, GLOBEX), a planner (alice), one user of each customer (bob: ACME,
carol: GLOBEX), a planner kept for the brute force (dave), and one cargo each (ACME's, GLOBEX's). The server plans
as of 2026-03-20 on the bundled schedule laid out from 2026-01-05, on 127.0.0.1 and a port of its own. The checks:

- without a session: every screen is 303 to /login?next=<the path>, a change is 303 to /login, the login form and
  its stylesheet answer;
- the login: 303 to `next` (a desk path, never another site) with an HttpOnly SameSite=Lax rp_session cookie; a
  wrong password and an unknown user answer alike (401); a foreign Origin or Sec-Fetch-Site: cross-site is 403;
- sessions: a planted cookie is replaced at the login (fixation), a forged one is no session, a logged-out one is
  worth nothing; the form token: in every POST form of every page, and a change without it, with a wrong one or
  with another session's is 403;
- customers apart: ACME's user never sees or changes GLOBEX's cargo (404, as for a cargo that does not exist), nor
  books for GLOBEX, nor uses the planners' screens and changes (403);
- hostile text shown escaped; over-long, malformed and non-UTF-8 bodies and an over-long URL are 4xx, never 5xx;
- with users, the cargo screens answer on a non-loopback bind to a logged-in user; without, they are refused;
- brute force, from an outside address behind a trusted proxy: 10 wrong passwords are 401 (slowed), then 429 with
  Retry-After, even for the right one; and another server over the same store refuses the account too;
- the lifecycle API (/api/v1), with tokens of alice, bob and carol (`route-planner token create`, while the server
  runs): each of its 11 operations is 401 with WWW-Authenticate: Bearer realm="route-planner" without a token, with
  forged ones, a revoked one (`token revoke`), a removed user's (erin's, `user remove`) and the desk's session
  cookie, and changes nothing; bob's token lists and finds ACME's cargo alone (GLOBEX's, in any case, is 404 on
  every path, the same answer as a cargo that does not exist, and is left unchanged), books for ACME only (GLOBEX:
  422), and is refused the planners' operations (403); hostile values (markup, quotes, unicode, 10 kB, objects,
  arrays, numbers, booleans, unknown members; NUL bytes in ids and names) in every field of every POST are 400/422 as JSON
  problems naming the field (customer ids and names are free text: taken exactly as given), every problem at once;
  malformed JSON is 400, a body that is not an object one problem, over 1 MiB 413 (also chunked), another type 415,
  other methods 405 with Allow, and climbing paths 4xx.

Every server is stopped with SIGTERM and must exit 0. One line per check (PASS or FAIL); exit status 0 when every
check passes, 1 with every failure listed otherwise.
"""

from __future__ import annotations

import argparse
import base64
import difflib
import http.client
import json
import os
import re
import secrets
import select
import socket
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from served import Server, multipart, run, start_server  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FIRST_WEEK = "2026-01-05"
AS_OF = "2026-03-20"
PASSWORD = "correct horse battery"
# The store's round trips a desk booking may cost (Tools/round_trips.py measures each request's).
BOOKING_ROUND_TRIPS = 3
WRONG_PASSWORD_MESSAGE = "The user name or the password is wrong."
HOSTILE_NAME = "<script>alert(1)</script>\"><img src=x onerror=alert(2)>"
DESK_SCREENS = ["/", "/routes", "/cargo", "/cargo/RP000001", "/book", "/customers", "/assignments", "/schedules/ports"]
SESSION_COOKIE = re.compile(r"^rp_session=([A-Za-z0-9_-]{43}); Path=/; HttpOnly; SameSite=Lax$")
REQUEST_TIMEOUT = 30.0
# The p99 a planner's screens keep while one customer floods the desk (seconds).
FLOOD_P99 = 0.5

# --------------------------------------------------------------------------------------------- the checks

RESULTS: list[tuple[str, bool, str]] = []


def check(name: str, condition: object, detail: str = "") -> bool:
    """Records and prints one check; `detail` says what was observed, shown when it fails."""
    passed = bool(condition)
    RESULTS.append((name, passed, detail))
    print(f"{'PASS' if passed else 'FAIL'} {name}" + ("" if passed else f"\n     {detail}"), flush=True)
    return passed


def section(title: str):
    """Runs a group of checks; an exception in it is a failure of its own, and the groups after it still run."""
    def wrap(function):
        def run(*args, **kwargs):
            print(f"\n== {title}", flush=True)
            try:
                return function(*args, **kwargs)
            except Exception as error:  # noqa: BLE001 - any error is a failed check, reported with its trace
                check(f"{title}: runs to its end", False, f"{type(error).__name__}: {error}\n{traceback.format_exc()}")
        return run
    return wrap


# --------------------------------------------------------------------------------------------- HTTP


class Response:
    """An answer as received: status, headers in order (names as sent), body bytes."""

    def __init__(self, status: int, headers: list[tuple[str, str]], body: bytes):
        self.status, self.headers, self.body = status, headers, body

    def header(self, name: str) -> str | None:
        values = self.all(name)
        return values[0] if values else None

    def all(self, name: str) -> list[str]:
        return [value for key, value in self.headers if key.lower() == name.lower()]

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")

    @property
    def location(self) -> str | None:
        return self.header("Location")

    def __repr__(self) -> str:
        parts = [str(self.status)]
        if self.location:
            parts.append(f"Location: {self.location}")
        for cookie in self.all("Set-Cookie"):
            parts.append(f"Set-Cookie: {cookie}")
        if self.body:
            parts.append(summary(self.text))
        return " | ".join(parts)


def summary(html: str, limit: int = 300) -> str:
    """A page's title and main text, on one line, for a failure's detail."""
    title = re.search(r"<title>(.*?)</title>", html, re.S)
    main = re.search(r"<main[^>]*>(.*?)</main>", html, re.S)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main.group(1) if main else html)).strip()
    return ((f"[{title.group(1)}] " if title else "") + text)[:limit]


class Client:
    """One attacker's (or user's) HTTP client against a server on 127.0.0.1: its own rp_session cookie, the form
    token of its session once read from a page, and the Host and Origin it sends.

    `host` is the Host header (default 127.0.0.1:PORT); `origin` is sent with every POST unless None (default:
    http:// + host, as a browser sends from the desk's own pages). No redirection is followed."""

    def __init__(self, port: int, host: str | None = None, origin: str | None = "same"):
        self.port = port
        self.host = host or f"127.0.0.1:{port}"
        self.origin = f"http://{self.host}" if origin == "same" else origin
        self.cookie: str | None = None  # the rp_session value
        self.token: str | None = None  # the session's form token, from its pages

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None) -> Response:
        headers = {"Host": self.host, "User-Agent": "route-planner-attack-test", **(headers or {})}
        if self.cookie is not None and "Cookie" not in headers:
            headers["Cookie"] = f"rp_session={self.cookie}"
        if method == "POST" and self.origin and "Origin" not in headers:
            headers["Origin"] = self.origin
        headers = {key: value for key, value in headers.items() if value is not None}
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=REQUEST_TIMEOUT)
        try:
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            response = Response(answer.status, answer.getheaders(), answer.read())
        finally:
            connection.close()
        for value in response.all("Set-Cookie"):
            if match := re.match(r"rp_session=([^;]*)", value):
                self.cookie = match.group(1) or None
                if not self.cookie or "Max-Age=0" in value:
                    self.cookie, self.token = None, None
        return response

    def get(self, path: str, headers: dict[str, str] | None = None) -> Response:
        response = self.request("GET", path, headers=headers)
        if response.status == 200 and (token := form_token(response.text)):
            self.token = token
        return response

    def post_form(self, path: str, fields: dict[str, str] | list[tuple[str, str]] | bytes = (), token: bool = True,
                  headers: dict[str, str] | None = None) -> Response:
        """POSTs application/x-www-form-urlencoded; with `token`, the session's form token as `_token` (when the
        client has read one). Bytes are sent as they are."""
        if isinstance(fields, bytes):
            body = fields
        else:
            pairs = list(fields.items()) if isinstance(fields, dict) else list(fields)
            if token and self.token:
                pairs.append(("_token", self.token))
            body = urllib.parse.urlencode(pairs).encode()
        return self.request("POST", path, body, {"Content-Type": "application/x-www-form-urlencoded", **(headers or {})})

    def post_multipart(self, path: str, fields: dict[str, str], files: dict[str, tuple[str, bytes]], token: bool = True) -> Response:
        body, content_type = multipart({**fields, "_token": self.token} if token and self.token else fields, files)
        return self.request("POST", path, body, {"Content-Type": content_type})

    def post_json(self, path: str, document: object, bearer: str | None = None, method: str = "POST") -> Response:
        """For the API: a JSON body, with `Authorization: Bearer <token>` when given (and no Origin)."""
        headers = {"Content-Type": "application/json", "Origin": None}
        if bearer is not None:
            headers["Authorization"] = f"Bearer {bearer}"
        return self.request(method, path, json.dumps(document).encode(), headers)

    def log_in(self, user: str, password: str = PASSWORD, next_path: str = "/", headers: dict[str, str] | None = None) -> Response:
        """POST /login; on success the cookie is kept, and the form token read from the page it goes on to."""
        response = self.post_form("/login", {"username": user, "password": password, "next": next_path}, token=False, headers=headers)
        if response.status == 303 and self.cookie:
            self.get("/")
        return response


def form_token(html: str) -> str | None:
    match = re.search(r'<input type="hidden" name="_token" value="([^"]*)"', html)
    return match.group(1) if match else None


def post_forms(html: str) -> list[str]:
    """Every form of a page that POSTs, as its markup."""
    return [match.group(0) for match in re.finditer(r"<form\b[^>]*>.*?</form>", html, re.S | re.I)
            if re.search(r'method="post"', match.group(0)[:match.group(0).find(">")], re.I)]


def raw_post(port: int, path: str, body: bytes, content_type: str = "application/x-www-form-urlencoded",
             chunk: int = 65536, headers: dict[str, str] | None = None, chunked: bool = False) -> tuple[Response | None, str]:
    """POSTs a body over a socket of its own, in chunks, and stops sending as soon as the server answers or closes
    (as it may, for a body it will not read); returns the answer (None when there was none) and what happened.
    With `chunked`, the body goes as Transfer-Encoding: chunked (no Content-Length); `headers` are sent too."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=REQUEST_TIMEOUT)
    note = f"sent all {len(body)} bytes of the body"
    try:
        length = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {len(body)}"
        extra = "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
        sock.sendall((f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: {content_type}\r\n"
                      f"{extra}{length}\r\nConnection: close\r\n\r\n").encode())
        pieces = [body[start:start + chunk] for start in range(0, len(body), chunk)]
        stream = b"".join(f"{len(piece):x}\r\n".encode() + piece + b"\r\n" for piece in pieces) + b"0\r\n\r\n" if chunked else body
        sent = 0
        try:
            # Only what the socket takes at once, and only while the server has not answered: a server that answers
            # without reading the rest fills the socket's buffers, where a blocking send would wait for nothing.
            while sent < len(stream):
                readable, writable, _ = select.select([sock], [sock], [], REQUEST_TIMEOUT)
                if readable:
                    note = f"the server answered or closed after {sent} of {len(stream)} bytes sent"
                    break
                if not writable:
                    note = f"the server read nothing more after {sent} of {len(stream)} bytes sent"
                    break
                sent += sock.send(stream[sent:sent + chunk])
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, TimeoutError) as error:
            note = f"the server stopped reading after {sent} of {len(stream)} bytes sent ({type(error).__name__})"
        try:
            answer = http.client.HTTPResponse(sock)
            answer.begin()
            return Response(answer.status, answer.getheaders(), answer.read()), note
        except (OSError, http.client.HTTPException) as error:
            return None, f"{note}; no answer: {type(error).__name__}: {error}"
    finally:
        sock.close()


# --------------------------------------------------------------------------------------------- the server


def serve(binary: str, args: list[str], timeout: float = 120.0) -> Server:
    """`route-planner serve --port 0` with the given arguments (Tools/served.py), once GET /health answers 200."""
    server = start_server(binary, args, timeout=timeout)
    deadline = time.monotonic() + timeout
    while True:
        try:
            if Client(server.port).get("/health").status == 200:
                return server
        except OSError:
            pass
        if time.monotonic() > deadline or server.process.poll() is not None:
            server.stop()
            raise RuntimeError(f"GET /health never answered 200; standard error:\n{server.stderr_text()[-3000:]}")
        time.sleep(0.2)


def make_store(binary: str, store: str) -> dict[str, str]:
    """Two customers, their users, a planner, a planner for the brute force, one cargo each; the tracking ids."""
    week = ["--first-week", FIRST_WEEK]
    run(binary, "customer", "ACME", "Acme Shipping", "--store", store, *week)
    run(binary, "customer", "GLOBEX", "Globex", "--store", store, *week)
    run(binary, "user", "add", "alice", "--role", "planner", "--store", store, password=PASSWORD)
    run(binary, "user", "add", "bob", "--role", "customer", "--customer", "ACME", "--store", store, password=PASSWORD)
    run(binary, "user", "add", "carol", "--role", "customer", "--customer", "GLOBEX", "--store", store, password=PASSWORD)
    run(binary, "user", "add", "dave", "--role", "planner", "--store", store, password=PASSWORD)
    tracking = {}
    for customer in ("ACME", "GLOBEX"):
        output = run(binary, "book", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-23", "--deadline", "2026-05-30",
                     "--customer", customer, "--store", store, *week, "--as-of", AS_OF)
        match = re.search(r"Booked (\S+?):", output)
        if not match:
            raise RuntimeError(f"no tracking id in: {output}")
        tracking[customer] = match.group(1)
    return tracking


def serve_arguments(store: str, host: str = "127.0.0.1") -> list[str]:
    return ["--store", store, "--host", host, "--first-week", FIRST_WEEK, "--as-of", AS_OF]


# --------------------------------------------------------------------------------------------- the desk


def to_login(response: Response, path: str | None = None) -> bool:
    """Whether an answer sends to the login form (for `path`: with next=<path, percent-encoded>)."""
    if response.status != 303 or not response.location:
        return False
    if path is None:
        return response.location.startswith("/login")
    return response.location == "/login?next=" + urllib.parse.quote(path, safe="")


@section("Without a session")
def no_session(port: int, ids: dict[str, str]) -> None:
    anonymous = Client(port)
    for path in DESK_SCREENS:
        path = path.replace("RP000001", ids["ACME"])
        response = anonymous.get(path)
        check(f"GET {path} without a session: 303 to /login?next=", to_login(response, path), repr(response))
    for path in ("/login", "/desk.css"):
        response = anonymous.get(path)
        check(f"GET {path} without a session: 200", response.status == 200, repr(response))
    path = f"/cargo/{ids['ACME']}/options"
    response = anonymous.post_form(path, {})
    check(f"POST {path} without a session: 303 to /login", to_login(response), repr(response))
    response = anonymous.post_form("/customers", {"id": "EVIL", "name": "Evil"})
    check("POST /customers without a session: 303 to /login", to_login(response), repr(response))


@section("The login")
def login(port: int) -> None:
    alice = Client(port)
    response = alice.log_in("alice", next_path="/cargo")
    cookie = response.header("Set-Cookie") or ""
    check("alice logs in: 303 to next (/cargo)", response.status == 303 and response.location == "/cargo", repr(response))
    check("the session cookie: rp_session=<43 chars>; Path=/; HttpOnly; SameSite=Lax", SESSION_COOKIE.match(cookie), cookie)
    response = alice.get("/cargo")
    check("alice's session shows /cargo: 200", response.status == 200, repr(response))

    # A wrong password and an unknown user answer alike.
    wrong = Client(port).log_in("alice", "not the password", next_path="/cargo")
    unknown = Client(port).log_in("mallory", "not the password", next_path="/cargo")
    check("a wrong password: 401", wrong.status == 401, repr(wrong))
    check("an unknown user: 401", unknown.status == 401, repr(unknown))
    check(f"a wrong password says \"{WRONG_PASSWORD_MESSAGE}\"", WRONG_PASSWORD_MESSAGE in wrong.text, summary(wrong.text))
    check("a wrong password and an unknown user: the same page but for the name",
          wrong.text.replace("alice", "NAME") == unknown.text.replace("mallory", "NAME"),
          f"wrong password: {summary(wrong.text)} / unknown user: {summary(unknown.text)}")
    check("a failed login sets no cookie", not wrong.all("Set-Cookie") and not unknown.all("Set-Cookie"),
          f"{wrong.all('Set-Cookie')} {unknown.all('Set-Cookie')}")

    # Where the login goes on to: a desk path, never another site.
    for hostile in ("https://evil.example/", "//evil.example/", "/\\evil.example/", "http:/evil.example", "/login"):
        response = Client(port).log_in("alice", next_path=hostile)
        location = response.location or ""
        check(f"next={hostile!r}: 303 to a desk path, not elsewhere",
              response.status == 303 and location.startswith("/") and not location.startswith("//") and "\\" not in location
              and "evil" not in location, repr(response))

    # Forms from elsewhere.
    for headers, what in (({"Origin": "http://evil.example"}, "a foreign Origin"),
                          ({"Origin": "null"}, "Origin: null"),
                          ({"Origin": f"http://127.0.0.1:{port + 1 if port < 65535 else port - 1}"}, "an Origin on another port"),
                          ({"Sec-Fetch-Site": "cross-site"}, "Sec-Fetch-Site: cross-site"),
                          ({"Origin": None, "Sec-Fetch-Site": "same-site"}, "Sec-Fetch-Site: same-site")):
        response = Client(port).log_in("alice", headers=headers)
        check(f"a login with {what}: 403, no cookie", response.status == 403 and not response.all("Set-Cookie"), repr(response))
    response = Client(port, origin=None).log_in("alice")
    check("a login without Origin (a tool's): 303", response.status == 303 and SESSION_COOKIE.match(response.header("Set-Cookie") or ""), repr(response))


@section("Sessions")
def sessions(port: int, ids: dict[str, str]) -> None:
    # Fixation: an id planted before the login is not the one after it, and is worth nothing.
    victim = Client(port)
    victim.cookie = "attacker-chosen"
    response = victim.log_in("alice")
    check("a planted cookie at the login: a new rp_session is set", response.status == 303 and victim.cookie not in (None, "attacker-chosen"),
          repr(response))
    planted = Client(port)
    planted.cookie = "attacker-chosen"
    check("the planted cookie is no session after the login", to_login(planted.get("/cargo")), "")
    # An id of an earlier session, planted: the login replaces it and ends it.
    attacker = Client(port)
    attacker.log_in("alice")
    old = attacker.cookie
    fixed = Client(port)
    fixed.cookie = old
    fixed.log_in("alice")
    stale = Client(port)
    stale.cookie = old
    check("a live session's id planted at a login: replaced, and ended", fixed.cookie != old and to_login(stale.get("/cargo"), "/cargo"),
          f"old {old}, new {fixed.cookie}")

    # Forged cookies.
    for forged in ("A" * 43, secrets.token_urlsafe(32), "", "../../etc/passwd", "x' OR '1'='1", "%00" * 10):
        client = Client(port)
        response = client.request("GET", "/cargo", headers={"Cookie": f"rp_session={forged}"})
        check(f"a forged cookie {forged[:20]!r}: 303 to /login", to_login(response, "/cargo"), repr(response))

    # The logout ends the session: its cookie is worth nothing afterwards.
    user = Client(port)
    user.log_in("alice")
    cookie, token = user.cookie, user.token
    response = user.post_form("/logout", {}, token=False)
    check("POST /logout without the form token: 403", response.status == 403, repr(response))
    user.cookie, user.token = cookie, token
    response = user.post_form("/logout", {})
    check("POST /logout with the form token: 303 to /login", to_login(response), repr(response))
    check("the logout clears the cookie", any("rp_session=;" in value and "Max-Age=0" in value for value in response.all("Set-Cookie")),
          str(response.all("Set-Cookie")))
    replay = Client(port)
    replay.cookie, replay.token = cookie, token
    check("the old cookie after the logout: GET /cargo is 303 to /login", to_login(replay.get("/cargo"), "/cargo"), "")
    response = replay.post_form("/customers", {"id": "AFTER", "name": "After logout"})
    check("the old cookie and token after the logout: a change is 303 to /login", to_login(response), repr(response))


@section("Form tokens")
def form_tokens(port: int, ids: dict[str, str]) -> None:
    alice, bob = Client(port), Client(port)
    alice.log_in("alice")
    bob.log_in("bob")
    check("alice's pages carry a form token", alice.token, "")
    check("bob's pages carry a form token", bob.token, "")
    check("the sessions' tokens differ", alice.token != bob.token, "")
    for client, name, paths in ((alice, "alice", DESK_SCREENS), (bob, "bob", ["/", "/routes", "/cargo", "/cargo/RP000001", "/book", "/schedules/ports"])):
        for path in paths:
            path = path.replace("RP000001", ids["ACME"])
            response = client.get(path)
            forms = post_forms(response.text)
            missing = [form[:120] for form in forms if f'name="_token" value="{client.token}"' not in form]
            check(f"{name}: every POST form of {path} carries the session's token ({len(forms)} forms)",
                  response.status == 200 and forms and not missing, f"status {response.status}; forms without it: {missing}")

    fields = {"id": "TOKEN", "name": "Token Test"}
    response = alice.post_form("/customers", fields, token=False)
    check("POST /customers without _token: 403", response.status == 403, repr(response))
    response = alice.post_form("/customers", {**fields, "_token": "wrong" + alice.token[5:]}, token=False)
    check("POST /customers with a wrong _token: 403", response.status == 403, repr(response))
    response = alice.post_form("/customers", {**fields, "_token": ""}, token=False)
    check("POST /customers with an empty _token: 403", response.status == 403, repr(response))
    response = alice.post_form("/customers", {**fields, "_token": bob.token}, token=False)
    check("POST /customers with another session's _token: 403", response.status == 403, repr(response))
    response = alice.post_form("/customers", [("_token", "wrong"), *fields.items(), ("_token", alice.token)], token=False)
    check("POST /customers with a wrong _token first and the right one second: 403", response.status == 403, repr(response))
    check("no customer TOKEN after the refused changes", "TOKEN" not in alice.get("/customers").text, "")
    response = alice.post_form("/customers", fields)
    check("POST /customers with the session's _token: 303", response.status == 303, repr(response))
    check("the customer TOKEN is registered", "Token Test" in alice.get("/customers").text, "")
    response = alice.post_form("/customers", {"id": "CROSS", "name": "Cross"}, headers={"Origin": "http://evil.example"})
    check("a change with the right token but a foreign Origin: 403", response.status == 403, repr(response))
    response = alice.post_form("/customers", {"id": "CROSS", "name": "Cross"}, headers={"Origin": None, "Sec-Fetch-Site": "cross-site"})
    check("a change with the right token but Sec-Fetch-Site: cross-site: 403", response.status == 403, repr(response))


@section("Customers apart")
def customers_apart(port: int, ids: dict[str, str]) -> None:
    own, other = ids["ACME"], ids["GLOBEX"]
    bob, carol = Client(port), Client(port)
    bob.log_in("bob")
    carol.log_in("carol")
    response = bob.get("/cargo")
    check(f"bob's /cargo lists {own}", response.status == 200 and own in response.text, repr(response))
    check(f"bob's /cargo does not list {other}", other not in response.text, summary(response.text))
    response = bob.get("/cargo?customer=GLOBEX")
    check(f"bob's /cargo?customer=GLOBEX shows no {other}", response.status in (200, 400, 403, 404) and other not in response.text, repr(response))
    response = carol.get("/cargo")
    check(f"carol's /cargo lists {other} and not {own}", other in response.text and own not in response.text, summary(response.text))
    response = bob.get(f"/cargo/{own}")
    check(f"bob's GET /cargo/{own}: 200", response.status == 200, repr(response))

    missing = bob.get("/cargo/RP999999")
    check("bob's GET /cargo/RP999999: 404", missing.status == 404, repr(missing))
    shape = re.sub(r"RP999999", "ID", missing.text, flags=re.I)
    for path_id in (other, other.lower()):
        response = bob.get(f"/cargo/{path_id}")
        check(f"bob's GET /cargo/{path_id}: 404", response.status == 404, repr(response))
        check(f"bob's GET /cargo/{path_id}: the same page as a cargo that does not exist",
              re.sub(re.escape(path_id), "ID", response.text, flags=re.I) == shape, f"{summary(response.text)} / {summary(missing.text)}")
        check(f"bob's GET /cargo/{path_id} tells nothing of GLOBEX's cargo", "GLOBEX" not in response.text and "Globex" not in response.text,
              summary(response.text))
    before = carol.get(f"/cargo/{other}")
    for action, fields in (("options", {}), ("route", {"candidate": "1"}), ("destination", {"destination": "DEHAM"}), ("reroute", {})):
        response = bob.post_form(f"/cargo/{other}/{action}", fields)
        check(f"bob's POST /cargo/{other}/{action} with his token: 404", response.status == 404, repr(response))
    response = bob.post_form(f"/cargo/{own}/options", {})
    check(f"bob's POST /cargo/{own}/options (his own cargo, so the 404s above are its scope): 303", response.status == 303, repr(response))
    after = carol.get(f"/cargo/{other}")
    check(f"{other} is unchanged by bob's attempts (GLOBEX's page the same before and after)",
          before.status == after.status == 200 and before.text == after.text and "CNSHA → NLRTM" in after.text,
          f"before: {summary(before.text)}\nafter: {summary(after.text)}")

    for path in ("/customers", "/assignments"):
        response = bob.get(path)
        check(f"bob's GET {path} (a planner's): 403", response.status == 403, repr(response))
    response = bob.post_form("/customers", {"id": "BOBCO", "name": "Bob Co"})
    check("bob's POST /customers (a planner's): 403", response.status == 403, repr(response))
    response = bob.post_form(f"/cargo/{own}/events", {"event": "RECEIVE", "location": "CNSHA", "completionTime": "2026-03-23T08:00:00Z"})
    check(f"bob's POST /cargo/{own}/events (a planner's): 403", response.status == 403, repr(response))
    response = bob.post_form("/book", {"customer": "GLOBEX", "from": "CNSHA", "to": "NLRTM", "ready": "2026-03-23",
                                       "deadline": "2026-05-30", "teu": "1"})
    check("bob books for GLOBEX: 422 \"There is no customer GLOBEX\"", response.status == 422 and "There is no customer GLOBEX" in response.text,
          repr(response))
    response = carol.get("/cargo")
    check("carol's cargo is still one", len(set(re.findall(r"RP\d{6}", response.text))) == 1, summary(response.text))
    response = bob.post_multipart("/assignments", {"source": "file", "timeLimit": "5"},
                                  {"bookings": ("bookings.csv", b"booking,origin,destination,ready,deadline,teu\nB1,CNSHA,NLRTM,2026-03-23,2026-05-30,1\n")})
    check("bob's POST /assignments (an upload, a planner's): 403", response.status == 403, repr(response))


@section("Hostile text")
def hostile_text(port: int) -> None:
    alice = Client(port)
    alice.log_in("alice")
    response = alice.post_form("/customers", {"id": "HOSTILE", "name": HOSTILE_NAME})
    check("alice registers a customer named with markup: 303", response.status == 303, repr(response))
    page = alice.get("/customers").text
    check("/customers shows no raw <script>alert(1)", "<script>alert(1)" not in page and "<img src=x" not in page,
          page[max(0, page.find("alert(1)") - 200):page.find("alert(1)") + 200])
    check("/customers shows the name escaped (&lt;script&gt;)", "&lt;script&gt;alert(1)&lt;/script&gt;" in page, summary(page))
    response = alice.get("/cargo?customer=" + urllib.parse.quote(HOSTILE_NAME))
    check("a query echoed on /cargo: no raw markup, never 5xx", response.status < 500 and "<script>alert(1)" not in response.text, repr(response))
    response = alice.get("/routes?from=" + urllib.parse.quote(HOSTILE_NAME) + "&to=NLRTM")
    check("a query echoed on /routes: no raw markup, never 5xx", response.status < 500 and "<script>alert(1)" not in response.text
          and "<img src=x" not in response.text, repr(response))
    response = Client(port).get("/login?username=" + urllib.parse.quote(HOSTILE_NAME))
    check("a user name echoed on /login: no raw markup", response.status < 500 and "<script>alert(1)" not in response.text, repr(response))
    response = alice.get("/")
    check("every desk page forbids scripts (Content-Security-Policy default-src 'none')",
          "default-src 'none'" in (response.header("Content-Security-Policy") or ""), str(response.headers))


@section("Over-long and malformed requests")
def malformed(port: int) -> None:
    big = b"username=alice&password=" + b"a" * (9 * 1024 * 1024)
    response, note = raw_post(port, "/login", big)
    check("a 9 MiB form to /login: 413", response is not None and response.status == 413, f"{response!r} ({note})")
    for body, what in ((b"username=%zz&password=x&next=/", "%zz"), (b"username=%&password=x", "a lone %"),
                       (b"username=\xff\xfe&password=x", "non-UTF-8 bytes"), (b"username=%C3%28&password=x", "percent-encoded non-UTF-8")):
        response = Client(port).post_form("/login", body)
        check(f"a login form with {what}: 400", response.status == 400, repr(response))
    alice = Client(port)
    alice.log_in("alice")
    response = alice.post_form("/customers", b"id=%zz&name=x&_token=" + alice.token.encode())
    check("a change's form with %zz: 400", response.status == 400, repr(response))
    response = alice.post_form("/customers", b"id=\xff&name=x&_token=" + alice.token.encode())
    check("a change's non-UTF-8 form: 400", response.status == 400, repr(response))
    response = alice.request("POST", "/customers", b'{"id": "JSON"}', {"Content-Type": "application/json"})
    check("a change sent as JSON: 4xx", 400 <= response.status < 500, repr(response))
    response = alice.request("POST", "/assignments", b"--x\r\nbroken", {"Content-Type": "multipart/form-data; boundary=x"})
    check("a broken multipart form: 4xx", 400 <= response.status < 500, repr(response))
    for path, what in (("/" + "a" * 20_000, "a 20 KB path"), ("/cargo/" + "A" * 20_000, "a 20 KB cargo id"),
                       ("/routes?from=" + "A" * 20_000, "a 20 KB query")):
        try:
            response = alice.get(path)
            check(f"{what}: 4xx", 400 <= response.status < 500, repr(response))
        except (OSError, http.client.HTTPException) as error:
            check(f"{what}: 4xx", False, f"no answer: {type(error).__name__}: {error}")
    response = alice.get("/routes?from=%zz")
    check("a query with %zz: 4xx", 400 <= response.status < 500, repr(response))
    response = alice.request("DELETE", "/cargo/RP000001")
    check("DELETE on a desk path: 405", response.status == 405, repr(response))


# --- The lifecycle API (/api/v1) ---

API_TOKEN = re.compile(r"^rp_([0-9a-f]{12})_[A-Za-z0-9_-]{43}$")
WWW_AUTHENTICATE = 'Bearer realm="route-planner"'
NO_BODY = object()
BOOKING = {"customer": "ACME", "origin": "CNSHA", "destination": "NLRTM", "ready": "2026-03-23", "deadline": "2026-05-30"}
EVENT = {"event": "RECEIVE", "location": "CNSHA", "completionTime": "2026-03-23T08:00:00Z"}
# What each path takes, as its 405 answers' Allow header names it.
API_PATHS = [("/api/v1/customers", "GET, POST"), ("/api/v1/cargo", "GET, POST"), ("/api/v1/cargo/{id}", "GET"),
             ("/api/v1/cargo/{id}/options", "GET, POST"), ("/api/v1/cargo/{id}/route", "POST"),
             ("/api/v1/cargo/{id}/events", "POST"), ("/api/v1/cargo/{id}/destination", "POST"), ("/api/v1/cargo/{id}/reroute", "POST"),
             ("/api/v1/disruptions", "GET")]
# Values no field should take as they are (but a free-text one, when it echoes them exactly): (what, value).
HOSTILE_VALUES: list[tuple[str, object]] = [
    ("markup", HOSTILE_NAME), ("quotes", "\"'`;--\\\" OR '1'='1"), ("unicode", "Ünïcødé ☃ 𝔘𝔫𝔦 \u202eRTL\u200b 中文 🚢"),
    ("10 kB", "<" + "A" * 10238 + ">"), ("an object", {"a": {"b": [1, {"c": None}]}}), ("a mixed array", [1, "x", None, {"y": 2}]),
    ("an array of markup", [HOSTILE_NAME]), ("a negative fraction", -12345.5), ("a huge number", 1e308), ("true", True)]


def make_token(binary: str, store: str, user: str, label: str | None = None) -> tuple[str, str]:
    """`route-planner token create USER`: the token (its output's last line) and its id."""
    output = run(binary, "token", "create", user, *(["--label", label] if label else []), "--store", store)
    token = output.strip().splitlines()[-1].strip() if output.strip() else ""
    match = API_TOKEN.match(token)
    if not match:
        raise RuntimeError(f"token create {user}: no rp_<12 hex>_<43 chars> token on its last line:\n{output}")
    return token, match.group(1)


def api(port: int, method: str, path: str, token: str | None = None, document: object = NO_BODY, raw: bytes | None = None,
        content_type: str | None = "application/json", headers: dict[str, str] | None = None, client: Client | None = None) -> Response:
    """One call of the API: `Authorization: Bearer <token>` when given, a JSON `document` (or `raw` bytes) as the
    body; no Origin, as a program sends. With `client`, its cookie goes along."""
    body = raw if raw is not None else (None if document is NO_BODY else json.dumps(document).encode())
    sent = {"Origin": None, **({"Authorization": f"Bearer {token}"} if token is not None else {}),
            **({"Content-Type": content_type} if body is not None and content_type else {}), **(headers or {})}
    return (client or Client(port, origin=None)).request(method, path, body, sent)


def json_of(response: Response) -> object | None:
    """The body read as JSON when the answer says application/json; None otherwise."""
    if not (response.header("Content-Type") or "").lower().startswith("application/json"):
        return None
    try:
        return json.loads(response.body)
    except ValueError:
        return None


def problems_of(response: Response) -> list[dict] | None:
    """The problems of a `{"version": 1, "problems": [{"field"?, "message", "code"?}]}` answer (JSON, as it says);
    None when it is not one."""
    document = json_of(response)
    if not (isinstance(document, dict) and document.get("version") == 1 and isinstance(document.get("problems"), list)
            and document["problems"]):
        return None
    for problem in document["problems"]:
        if not (isinstance(problem, dict) and isinstance(problem.get("message"), str) and problem["message"]
                and set(problem) <= {"field", "message", "code"} and isinstance(problem.get("field", ""), str)):
            return None
    return document["problems"]


def fields_of(response: Response) -> list[str]:
    return [problem["field"] for problem in problems_of(response) or [] if "field" in problem]


def brief(response: Response, limit: int = 300) -> str:
    """An answer on one line, for a failure's detail."""
    text = re.sub(r"\s+", " ", response.text).strip()
    extra = "".join(f" | {name}: {response.header(name)}" for name in ("Content-Type", "Location", "Allow", "WWW-Authenticate")
                    if response.header(name))
    return f"{response.status}{extra} | {text[:limit]}"


def refused_with(response: Response, status: int) -> bool:
    """Whether an answer is `status` with a problems document."""
    return response.status == status and problems_of(response) is not None


def unauthorised(response: Response) -> bool:
    return refused_with(response, 401) and response.all("WWW-Authenticate") == [WWW_AUTHENTICATE]


def api_operations(own: str) -> list[tuple[str, str, object]]:
    """Every operation, on `own` cargo where it takes one, with a body that would be carried out."""
    cargo = f"/api/v1/cargo/{own}"
    return [("GET", "/api/v1/customers", NO_BODY), ("POST", "/api/v1/customers", {"id": "UNAUTH", "name": "Unauthorised"}),
            ("GET", "/api/v1/cargo", NO_BODY), ("POST", "/api/v1/cargo", BOOKING), ("GET", cargo, NO_BODY),
            ("GET", f"{cargo}/options", NO_BODY), ("POST", f"{cargo}/options", {}), ("POST", f"{cargo}/route", {"candidate": 1}),
            ("POST", f"{cargo}/events", EVENT), ("POST", f"{cargo}/destination", {"destination": "DEHAM"}),
            ("POST", f"{cargo}/reroute", {})]


def api_snapshot(port: int, token: str, paths: list[str]) -> dict[str, str]:
    """What a user's GETs answer, as status and body, to compare before and after."""
    snapshot = {}
    for path in paths:
        response = api(port, "GET", path, token)
        snapshot[path] = f"{response.status} {response.text}"
    return snapshot


def snapshot_difference(before: dict[str, str], after: dict[str, str]) -> str:
    """The lines that differ, path by path."""
    differences = []
    for path in before:
        if before[path] != after.get(path):
            lines = [line.strip() for line in difflib.unified_diff(before[path].splitlines(), after.get(path, "").splitlines(), lineterm="", n=0)
                     if line[:1] in "+-" and line[:3] not in ("+++", "---")]
            differences.append(f"{path}: " + " ".join(lines)[:600])
    return "; ".join(differences) or "the same"


@section("The API: tokens")
def api_tokens(port: int, binary: str, store: str, tokens: dict[str, str], ids: dict[str, str]) -> None:
    own = ids["ACME"]
    operations = api_operations(own)
    watched = ["/api/v1/customers", "/api/v1/cargo", f"/api/v1/cargo/{own}", f"/api/v1/cargo/{own}/options"]
    before = api_snapshot(port, tokens["alice"], watched)
    check("alice's token reads /api/v1/cargo: 200", before["/api/v1/cargo"].startswith("200 ") and own in before["/api/v1/cargo"],
          before["/api/v1/cargo"][:300])

    # A token revoked and a removed user's token, made while the server runs, and worth something until then.
    revoked, revoked_id = make_token(binary, store, "bob", "to be revoked")
    run(binary, "user", "add", "erin", "--role", "customer", "--customer", "ACME", "--store", store, password=PASSWORD)
    removed, _ = make_token(binary, store, "erin", "of a user to be removed")
    for token, what in ((revoked, "bob's token to be revoked"), (removed, "erin's token (a user to be removed)")):
        response = api(port, "GET", "/api/v1/cargo", token)
        check(f"{what}, made while the server runs: GET /api/v1/cargo is 200", response.status == 200 and own in response.text, brief(response))
    output = run(binary, "token", "revoke", revoked_id, "--store", store)
    check("route-planner token revoke: says the token is revoked", revoked_id in output and "revoked" in output, output)
    run(binary, "user", "remove", "erin", "--store", store)

    alice_id = API_TOKEN.match(tokens["alice"]).group(1)
    bob = tokens["bob"]
    desk = Client(port)
    desk.log_in("alice")
    variants: list[tuple[str, dict[str, str], Client | None]] = [
        ("no Authorization header", {}, None),
        ("a forged token of the right shape", {"Authorization": f"Bearer rp_{secrets.token_hex(6)}_{secrets.token_urlsafe(32)}"}, None),
        ("alice's token id with another secret", {"Authorization": f"Bearer rp_{alice_id}_{secrets.token_urlsafe(32)}"}, None),
        ("bob's token with its last character changed", {"Authorization": f"Bearer {bob[:-1]}{'A' if bob[-1] != 'A' else 'B'}"}, None),
        ("bob's token without its last character", {"Authorization": f"Bearer {bob[:-1]}"}, None),
        ("bob's token and one character more", {"Authorization": f"Bearer {bob}x"}, None),
        ("bob's token's id alone", {"Authorization": f"Bearer {bob[:16]}"}, None),
        ("an empty bearer token", {"Authorization": "Bearer "}, None),
        ("bob's token without the Bearer scheme", {"Authorization": bob}, None),
        ("Basic credentials of bob", {"Authorization": "Basic " + base64.b64encode(f"bob:{PASSWORD}".encode()).decode()}, None),
        ("a token of SQL", {"Authorization": "Bearer ' OR '1'='1' --"}, None),
        ("a 10 kB token", {"Authorization": "Bearer rp_" + "a" * 10240}, None),
        ("a revoked token", {"Authorization": f"Bearer {revoked}"}, None),
        ("a removed user's token", {"Authorization": f"Bearer {removed}"}, None),
        ("alice's desk session cookie", {}, desk),
        ("alice's desk session cookie and form token", {"X-Form-Token": desk.token or ""}, desk),
    ]
    for what, headers, client in variants:
        wrong = []
        for method, path, document in operations:
            if client is not None and method == "POST" and "token" in what:
                # The desk's own way of changing: its cookie, its form token in the body, its Origin.
                response = client.request("POST", path, urllib.parse.urlencode({"_token": client.token or ""}).encode(),
                                          {"Content-Type": "application/x-www-form-urlencoded"})
            else:
                response = api(port, method, path, document=document, headers=headers, client=client)
            if not unauthorised(response):
                wrong.append(f"{method} {path}: {brief(response, 160)}")
        check(f"with {what}: all {len(operations)} operations are 401 with WWW-Authenticate: {WWW_AUTHENTICATE} and a problem",
              not wrong, "\n     ".join(wrong))
    response = api(port, "GET", f"/api/v1/cargo?access_token={urllib.parse.quote(bob)}")
    check("bob's token in the query (access_token=) is no token: 401", unauthorised(response), brief(response))
    response = api(port, "GET", "/api/v1/cargo", bob, headers={"Authorization": f"bearer {bob}"})
    check("bob's token with the scheme in lower case (bearer) still answers (200)", response.status == 200, brief(response))

    after = api_snapshot(port, tokens["alice"], watched)
    check("nothing changed by the refused calls (alice's customers, cargo list, its cargo and options the same)", before == after,
          snapshot_difference(before, after))
    response = api(port, "GET", "/api/v1/cargo", revoked)
    check("the revoked token stays refused", unauthorised(response), brief(response))


@section("The API: customers apart")
def api_customers_apart(port: int, tokens: dict[str, str], ids: dict[str, str]) -> None:
    own, other = ids["ACME"], ids["GLOBEX"]
    alice, bob, carol = tokens["alice"], tokens["bob"], tokens["carol"]

    def tracking_ids(response: Response) -> list[str]:
        document = json_of(response)
        return [cargo.get("trackingId") for cargo in document.get("cargo", [])] if isinstance(document, dict) else []

    response = api(port, "GET", "/api/v1/cargo", bob)
    listed = tracking_ids(response)
    check(f"bob's GET /api/v1/cargo: 200 listing {own} and not {other}", response.status == 200 and own in listed and other not in listed
          and "GLOBEX" not in response.text, brief(response))
    for query in ("customer=GLOBEX", "customer=globex", "customer=GLOBEX&status=not-routed", "customer=GLOBEX&page=1", "customer=ACME&customer=GLOBEX"):
        response = api(port, "GET", f"/api/v1/cargo?{query}", bob)
        check(f"bob's GET /api/v1/cargo?{query}: no {other}, never 5xx",
              response.status in (200, 400, 403, 404) and json_of(response) is not None and other not in tracking_ids(response)
              and "GLOBEX" not in response.text.replace("customer=GLOBEX", ""), brief(response))
    response = api(port, "GET", "/api/v1/customers", bob)
    check("bob's GET /api/v1/customers: ACME alone", response.status == 200 and "ACME" in response.text and "GLOBEX" not in response.text,
          brief(response))
    response = api(port, "GET", "/api/v1/cargo", carol)
    check(f"carol's GET /api/v1/cargo: {other} and not {own}", tracking_ids(response) == [other], brief(response))
    response = api(port, "GET", f"/api/v1/cargo/{own}", carol)
    check(f"carol's GET /api/v1/cargo/{own}: 404", refused_with(response, 404), brief(response))

    # GLOBEX's cargo gets options found (by alice), so that a route could be assigned from them if bob reached it.
    response = api(port, "POST", f"/api/v1/cargo/{other}/options", alice, {})
    check(f"alice's POST /api/v1/cargo/{other}/options: 200 with options", response.status == 200 and '"itineraries"' in response.text
          and '"reference"' in response.text, brief(response))
    watched = [f"/api/v1/cargo/{other}", f"/api/v1/cargo/{other}/options"]
    before = {"alice": api_snapshot(port, alice, watched), "carol": api_snapshot(port, carol, watched)}

    # Another customer's cargo answers as one that does not exist: the same status and document, but for the id.
    attempts = [("GET", "", NO_BODY), ("GET", "/options", NO_BODY), ("POST", "/options", {}), ("POST", "/options", {"limit": "zero"}),
                ("POST", "/route", {"candidate": 1}), ("POST", "/route", {"candidate": "zero"}), ("POST", "/destination", {"destination": "DEHAM"}),
                ("POST", "/destination", {"destination": "DEHAM", "deadline": "2026-06-30"}), ("POST", "/reroute", {}),
                ("POST", "/reroute", {"limit": 2}), ("POST", "/events", EVENT)]
    for method, action, document in attempts:
        missing = api(port, method, f"/api/v1/cargo/RP999999{action}", bob, document)
        body = "" if document is NO_BODY else f" {json.dumps(document)}"
        expected = 403 if action == "/events" else 400 if "zero" in body else 404
        check(f"bob's {method} /api/v1/cargo/RP999999{action}{body}: {expected}", refused_with(missing, expected), brief(missing))
        for path_id in (other, other.lower()):
            response = api(port, method, f"/api/v1/cargo/{path_id}{action}", bob, document)
            same = re.sub(re.escape(path_id), "ID", response.text, flags=re.I) == re.sub("RP999999", "ID", missing.text)
            check(f"bob's {method} /api/v1/cargo/{path_id}{action}{body}: {expected}, as for RP999999 (the same document but for the id)",
                  refused_with(response, expected) and same and "GLOBEX" not in response.text and "Globex" not in response.text,
                  f"{brief(response)}\n     RP999999: {brief(missing)}")
    after = {"alice": api_snapshot(port, alice, watched), "carol": api_snapshot(port, carol, watched)}
    for user in ("alice", "carol"):
        check(f"{other} and its options unchanged by bob's attempts ({user}'s GETs the same before and after)",
              before[user] == after[user] and all(text.startswith("200 ") for text in after[user].values())
              and '"routingStatus" : "notRouted"' in after[user][watched[0]] and "NLRTM" in after[user][watched[0]],
              snapshot_difference(before[user], after[user]))

    # Bookings: for his own customer only.
    response = api(port, "POST", "/api/v1/cargo", bob, {**BOOKING, "customer": "GLOBEX"})
    problems = problems_of(response) or []
    check("bob's POST /api/v1/cargo for GLOBEX: 422 \"There is no customer GLOBEX\"", response.status == 422
          and any("There is no customer GLOBEX" in problem["message"] for problem in problems), brief(response))
    response = api(port, "POST", "/api/v1/cargo", bob, {**BOOKING, "customer": "globex"})
    check("bob's POST /api/v1/cargo for globex (ids in any case): 422", refused_with(response, 422), brief(response))
    response = api(port, "POST", "/api/v1/cargo", bob, BOOKING)
    document = json_of(response)
    booked = document.get("cargo", {}).get("trackingId") if isinstance(document, dict) else None
    check("bob's POST /api/v1/cargo for ACME: 201 with Location /api/v1/cargo/<its id>", response.status == 201 and booked
          and response.location == f"/api/v1/cargo/{booked}" and document["cargo"].get("customerId") == "ACME", brief(response))
    if booked:
        response = api(port, "GET", response.location, bob)
        check(f"bob's GET of the Location ({booked}): 200, ACME's", response.status == 200 and '"customerId" : "ACME"' in response.text, brief(response))
        response = api(port, "GET", f"/api/v1/cargo/{booked}", carol)
        check(f"carol's GET /api/v1/cargo/{booked} (bob's booking): 404", refused_with(response, 404), brief(response))
        # What bob may do on his own cargo, so that the 404s above are the scope's.
        cargo = f"/api/v1/cargo/{booked}"
        for method, action, document, expected in (("POST", "/options", {}, 200), ("GET", "/options", NO_BODY, 200),
                                                   ("POST", "/route", {"candidate": 1}, 200), ("POST", "/destination", {"destination": "DEHAM"}, 200),
                                                   ("POST", "/reroute", {}, 200), ("POST", "/events", EVENT, 403)):
            response = api(port, method, cargo + action, bob, document)
            check(f"bob's {method} {cargo}{action} (his own cargo): {expected}", response.status == expected and json_of(response) is not None,
                  brief(response))
    response = api(port, "GET", "/api/v1/cargo", carol)
    check(f"carol's cargo is still {other} alone", tracking_ids(response) == [other], brief(response))
    response = api(port, "POST", "/api/v1/customers", bob, {"id": "BOBCO", "name": "Bob Co"})
    check("bob's POST /api/v1/customers (a planner's): 403", refused_with(response, 403), brief(response))
    response = api(port, "POST", f"/api/v1/cargo/{own}/events", bob, EVENT)
    check(f"bob's POST /api/v1/cargo/{own}/events (his own cargo, a planner's operation): 403", refused_with(response, 403), brief(response))
    response = api(port, "GET", "/api/v1/customers", alice)
    check("no customer BOBCO after bob's attempt", response.status == 200 and "BOBCO" not in response.text, brief(response))


@section("The API: hostile values")
def api_hostile(port: int, tokens: dict[str, str], ids: dict[str, str]) -> None:
    alice = tokens["alice"]
    response = api(port, "POST", "/api/v1/cargo", alice, BOOKING)
    scratch = (json_of(response) or {}).get("cargo", {}).get("trackingId") if response.status == 201 else None
    check("alice books a cargo of ACME's to attack (201)", scratch, brief(response))
    if not scratch:
        return
    cargo = f"/api/v1/cargo/{scratch}"
    response = api(port, "POST", f"{cargo}/options", alice, {})
    check(f"alice's POST {cargo}/options: 200, options to assign from", response.status == 200 and '"reference"' in response.text, brief(response))

    serial = iter(range(1, 10_000))
    taken: list[tuple[str, str]] = []  # free text taken as given: (field, value)
    free_text = {("/api/v1/customers", "id"), ("/api/v1/customers", "name")}
    flags = {"renames", "dangerousGoods"}
    # The cargo operations before the customers, whose free-text ids would register some of the values as customers.
    operations: list[tuple[str, object, list[str]]] = [
        ("/api/v1/cargo", lambda: dict(BOOKING), ["origin", "destination", "ready", "deadline", "teu", "customer", "revenue", "cargoType",
                                                  "dangerousGoods", "maxTransitDays", "weight"]),
        (f"{cargo}/options", lambda: {}, ["limit", "maxTransshipments", "maxModeChanges", "via", "avoid", "avoidVoyages", "order", "criteria", "modes"]),
        (f"{cargo}/route", lambda: {"candidate": 1}, ["candidate"]),
        (f"{cargo}/events", lambda: dict(EVENT), ["event", "location", "voyage", "completionTime", "registrationTime"]),
        (f"{cargo}/destination", lambda: {"destination": "DEHAM"}, ["destination", "deadline"]),
        (f"{cargo}/reroute", lambda: {}, ["limit", "avoidVoyages"]),
        ("/api/v1/customers", lambda: {"id": f"HOSTILE{next(serial):04d}", "name": "Hostile Test"}, ["id", "name", "renames"]),
    ]
    for path, base, fields in operations:
        for field in [*fields, "unknownMember", HOSTILE_NAME, "__proto__"]:
            wrong = []
            for what, value in HOSTILE_VALUES:
                if field in flags and value is True:
                    continue  # a box ticked: a value of the field
                response = api(port, "POST", path, alice, {**base(), field: value})
                problems = problems_of(response)
                if (path, field) in free_text and isinstance(value, (str, float)) and response.status == 201:
                    # Free text: taken as given, and answered so.
                    given = value if isinstance(value, str) else repr(value)
                    echoed = (json_of(response) or {}).get("customer", {}).get(field)
                    if echoed != given or not (response.header("Content-Type") or "").startswith("application/json"):
                        wrong.append(f"{what}: 201 but {field} answered as {str(echoed)[:80]!r}")
                    taken.append((field, given))
                    continue
                if response.status not in (400, 422) or problems is None:
                    wrong.append(f"{what}: {brief(response, 200)}")
                elif response.status == 400 and field not in fields_of(response):
                    wrong.append(f"{what}: 400 naming {fields_of(response)}, not {field[:40]!r}: {brief(response, 200)}")
            shown = field if len(field) < 40 else field[:30] + "…"
            check(f"POST {path.replace(scratch, '{id}')} with hostile values in {shown!r}: 400/422 as JSON problems naming it, never 5xx",
                  not wrong, "\n     ".join(wrong))

    listed = json_of(api(port, "GET", "/api/v1/customers", alice)) or {}
    kept = {(field, customer.get(field)) for customer in listed.get("customers", []) for field in ("id", "name")}
    missing = [f"{field} {value[:60]!r}" for field, value in taken if (field, value) not in kept]
    check(f"the {len(taken)} hostile customer ids and names taken as free text are listed exactly as given", not missing, "; ".join(missing))

    # NUL bytes: an id with one is not the id before it.
    for path_id, token, user in ((f"{ids['ACME']}%00junk", alice, "alice"), (f"{ids['GLOBEX']}%00junk", tokens["bob"], "bob")):
        response = api(port, "GET", f"/api/v1/cargo/{path_id}", token)
        # A tracking id holds no control character: the path's is refused as a problem of its field (400), or not found.
        check(f"{user}'s GET /api/v1/cargo/{path_id}: 400 naming trackingId, or 404 (an id with a NUL is no cargo's)",
              (refused_with(response, 400) and fields_of(response) == ["trackingId"] or refused_with(response, 404))
              and "Globex" not in response.text and '"customerId"' not in response.text, brief(response))
    for field, document in (("id", {"id": "NULID\u0000X", "name": "Nul id"}), ("name", {"id": "NULNAME", "name": "Nul\u0000Name"})):
        response = api(port, "POST", "/api/v1/customers", alice, document)
        listed = api(port, "GET", "/api/v1/customers", alice)
        kept = [customer for customer in (json_of(listed) or {}).get("customers", []) if customer.get("id", "").startswith(document["id"][:5])]
        check(f"a customer {field} with a NUL: refused (400/422), or kept as given",
              response.status in (400, 422) and problems_of(response) is not None and not kept
              or response.status == 201 and kept == [{"id": document["id"], "name": document["name"]}],
              f"POST: {brief(response, 200)}\n     then GET /api/v1/customers lists {kept}")

    # Every problem at once, each naming its field.
    for token, user in ((alice, "alice"), (tokens["bob"], "bob")):
        response = api(port, "POST", "/api/v1/cargo", token, {**BOOKING, "origin": "XX", "ready": "nope", "teu": "zero"})
        check(f"{user}'s booking with a bad origin, ready and teu: 400 naming the 3 fields",
              response.status == 400 and sorted(fields_of(response)) == ["origin", "ready", "teu"], brief(response))
    response = api(port, "POST", "/api/v1/cargo", alice, {**BOOKING, "origin": True, "ready": "nope", "bogus": 1})
    check("a booking with a boolean origin, a bad ready and an unknown member: 400 naming the 3",
          response.status == 400 and sorted(fields_of(response)) == ["bogus", "origin", "ready"], brief(response))
    response = api(port, "POST", f"{cargo}/events", alice, {"event": "FLY", "location": "XX", "completionTime": "yesterday"})
    check("an event with a bad event, location and completionTime: 400 naming the 3",
          response.status == 400 and sorted(fields_of(response)) == ["completionTime", "event", "location"], brief(response))
    response = api(port, "POST", "/api/v1/customers", alice, {"id": [1], "name": {"x": 1}, "renames": 5})
    check("a customer with an array id, an object name and a number for renames: 400 naming the 3",
          response.status == 400 and sorted(fields_of(response)) == ["id", "name", "renames"], brief(response))


@section("The API: malformed, over-long and unsupported requests")
def api_malformed(port: int, tokens: dict[str, str], ids: dict[str, str]) -> None:
    own = ids["ACME"]
    alice, bob = tokens["alice"], tokens["bob"]
    posts = ["/api/v1/customers", "/api/v1/cargo", f"/api/v1/cargo/{own}/options", f"/api/v1/cargo/{own}/route",
             f"/api/v1/cargo/{own}/events", f"/api/v1/cargo/{own}/destination", f"/api/v1/cargo/{own}/reroute"]
    before = api_snapshot(port, alice, ["/api/v1/customers", "/api/v1/cargo", f"/api/v1/cargo/{own}", f"/api/v1/cargo/{own}/options"])

    malformed = [("an unclosed object", b'{"id": "MALFORMED"'), ("a missing value", b'{"id": }'),
                 ("a trailing comma", b'{"id": "MALFORMED", "name": "x",}'), ("single quotes", b"{'id': 'MALFORMED'}"),
                 ("a missing comma", b'{"id": "MALFORMED" "name": "x"}'), ("bytes that are not UTF-8", b"\xff\xfe\xfd"),
                 ("non-UTF-8 in a string", b'{"id": "MALFORMED\xff", "name": "x"}'), ("a lone surrogate", b'{"id": "\\ud800", "name": "x"}'),
                 ("NaN", b'{"id": NaN, "name": "x"}'), ("text after the object", b'{"id": "MALFORMED", "name": "x"} trailing'),
                 ("two objects", b'{"id": "MALFORMED", "name": "x"}{}'), ("a NUL byte", b"\x00"),
                 ("100,000 nested arrays", b"[" * 100_000 + b"]" * 100_000),
                 ("100,000 nested objects", b'{"a":' * 100_000 + b"1" + b"}" * 100_000),
                 ("an array", b"[1, 2]"), ("a string", b'"text"'), ("a number", b"123"), ("null", b"null"), ("true", b"true")]
    for what, raw in malformed:
        wrong = []
        for path in posts:
            response = api(port, "POST", path, alice, raw=raw)
            problems = problems_of(response)
            # A string that is no text (a lone surrogate, bytes that are not UTF-8) may be a problem of its member instead.
            of_a_member = what in ("a lone surrogate", "non-UTF-8 in a string") and bool(fields_of(response))
            if response.status != 400 or problems is None or not (any("field" not in problem for problem in problems) or of_a_member):
                wrong.append(f"{path}: {brief(response, 200)}")
        check(f"a body of {what}: 400 with a problem of the body, on all {len(posts)} POSTs", not wrong, "\n     ".join(wrong))
    for path in posts:
        response = api(port, "POST", path, alice, raw=b"[1, 2]")
        problems = problems_of(response) or []
        check(f"POST {path} with a body that is not a JSON object ([1, 2]): 400 with one problem, of no field",
              response.status == 400 and len(problems) == 1 and "field" not in problems[0], brief(response))

    # Over-long bodies: refused unread.
    auth = {"Authorization": f"Bearer {bob}"}
    prefix = b'{"id": "BIG", "name": "'

    def body_of(size: int) -> bytes:
        return prefix + b"A" * (size - len(prefix) - 2) + b'"}'

    for path, size, chunked, headers, expected, what in (
            ("/api/v1/customers", 2 * 1024 * 1024, False, auth, 413, "a 2 MiB body"),
            (f"/api/v1/cargo/{own}/destination", 2 * 1024 * 1024, False, auth, 413, "a 2 MiB body"),
            ("/api/v1/customers", 2 * 1024 * 1024, True, auth, 413, "a 2 MiB chunked body"),
            ("/api/v1/customers", 1024 * 1024 + 1, False, auth, 413, "a body of 1 MiB and a byte"),
            ("/api/v1/customers", 1024 * 1024, False, auth, 403, "a body of 1 MiB exactly (bob's, so refused as a planner's operation)"),
            ("/api/v1/customers", 2 * 1024 * 1024, False, {}, 401, "a 2 MiB body without a token")):
        response, note = raw_post(port, path, body_of(size), "application/json", headers=headers, chunked=chunked)
        check(f"POST {path} with {what}: {expected} as a problem", response is not None and refused_with(response, expected),
              f"{brief(response) if response else None} ({note})")

    # Bodies of another type.
    for content_type in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/json",
                         "application/json-patch+json", "application/jsonx", "application/xml", "application/json, text/plain"):
        for token, user in ((alice, "alice"), (bob, "bob")):
            response = api(port, "POST", "/api/v1/customers", token, {"id": "CT415", "name": "Content type"}, content_type=content_type)
            check(f"{user}'s POST /api/v1/customers as {content_type}: 415", refused_with(response, 415), brief(response))
    for content_type in ("application/json; charset=utf-8", "Application/JSON"):
        response = api(port, "POST", "/api/v1/customers", bob, {"id": "CT415", "name": "Content type"}, content_type=content_type)
        check(f"bob's POST /api/v1/customers as {content_type}: read as JSON (403, a planner's)", refused_with(response, 403), brief(response))
    after = api_snapshot(port, alice, list(before))
    check("nothing changed by the refused bodies (alice's customers, cargo list, its cargo and options the same)", before == after,
          snapshot_difference(before, after))
    response = api(port, "POST", "/api/v1/customers", alice, raw=b'{"id": "DUPLICATE1", "id": "DUPLICATE2", "name": "Duplicate"}')
    check("a body with a member given twice: never 5xx (JSON permits it)", response.status < 500 and json_of(response) is not None, brief(response))

    # Other methods: 405 naming those the path takes.
    for template, allowed in API_PATHS:
        for path_id in (own, ids["GLOBEX"]):
            path = template.replace("{id}", path_id)
            if path_id != own and "{id}" not in template:
                continue
            wrong = []
            for method in ("PUT", "PATCH", "DELETE", "GET", "POST"):
                if method in allowed:
                    continue
                response = api(port, method, path, bob, {} if method != "GET" else NO_BODY)
                if not (refused_with(response, 405) and response.all("Allow") == [allowed]):
                    wrong.append(f"{method}: {brief(response, 200)}")
            check(f"bob's other methods on {path}: 405 with Allow: {allowed}", not wrong, "\n     ".join(wrong))

    # Paths that climb, or hide another customer's cargo.
    climbing = ["/api/v1/cargo/..%2F..%2Fetc", "/api/v1/cargo/..%2F..%2Fetc%2Fpasswd", "/api/v1/cargo/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
                "/api/v1/cargo/..%5C..%5Cwindows%5Cwin.ini", "/api/v1/cargo/%252e%252e%252fetc", "/api/v1/cargo/..%2F..%2Fetc/options",
                "/api/v1/cargo/%00", "/api/v1/cargo/%zz", "/api/v1/cargo/%C0%AE%C0%AE%2Fetc"]
    for path in climbing:
        for token, user in ((alice, "alice"), (bob, "bob")):
            response = api(port, "GET", path, token)
            check(f"{user}'s GET {path}: 404 or 400, never 5xx", response.status in (400, 404), brief(response))
        response = api(port, "POST", path if path.endswith("/options") else path + "/destination", bob, {"destination": "DEHAM"})
        check(f"bob's POST {path}{'' if path.endswith('/options') else '/destination'}: 404 or 400, never 5xx", response.status in (400, 404),
              brief(response))
    other = ids["GLOBEX"]
    for path in (f"/api/v1/cargo/{own}%2F..%2F{other}", f"/api/v1/cargo/{own}/../{other}", f"/api/v1/cargo/../cargo/{other}",
                 f"/api/v1/cargo/{own}/..%2F..%2F{other}/options", f"/api/v1/./cargo/{other}", f"/api/v1/cargo/%20{other}",
                 f"/api/v1/cargo/{other}%20", f"/api/v1/cargo/{other}%0A", f"//api/v1/cargo/{other}", f"/api/v1/cargo/{other}/",
                 f"/api/v1/cargo/{other}?customer=GLOBEX", f"/API/V1/CARGO/{other}"):
        response = api(port, "GET", path, bob)
        check(f"bob's GET {path}: 4xx, nothing of GLOBEX's cargo", 400 <= response.status < 500 and "Globex" not in response.text
              and '"customerId"' not in response.text and '"origin"' not in response.text, brief(response))
    response = api(port, "GET", "/api/v1/cargo/" + "A" * 10240, bob)
    check("bob's GET of a 10 kB cargo id: 4xx", 400 <= response.status < 500, brief(response))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@section("Store round trips")
def store_round_trips(port: int, ids: dict[str, str]) -> None:
    """A booking at the desk costs at most BOOKING_ROUND_TRIPS of the store's round trips (`store_round_trips_total` on
    /metrics): the session read once, the customer, and the tracking id minted with the cargo written."""
    alice, metrics = Client(port), Client(port)
    alice.log_in("alice")
    alice.get("/book")

    def total() -> int:
        text = metrics.get("/metrics").text
        return sum(int(float(value)) for value in re.findall(r'^store_round_trips_total\{kind="[a-z]+"\} (\S+)$', text, re.M))

    before = total()
    booked = alice.post_form("/book", {"customer": "ACME", "from": "CNSHA", "to": "NLRTM", "ready": "2026-03-23", "deadline": "2026-05-30",
                                       "teu": "1"})
    used = total() - before
    check(f"POST /book: booked (303) in {used} round trips, at most {BOOKING_ROUND_TRIPS}", booked.status == 303 and 0 < used <= BOOKING_ROUND_TRIPS,
          f"{booked.status}, {used} round trips")


@section("One customer's flood")
def flood(port: int, ids: dict[str, str]) -> None:
    """bob posts /book as a form with a file would come (multipart, which may be up to 8 MiB) with a field of almost
    8 MiB, four at a time, while alice's /cargo and /cargo/<id> are timed one after another: her screens' p99 stays
    under FLOOD_P99 seconds, and each of bob's posts is refused (413) without its value echoed."""
    bob, alice = Client(port), Client(port)
    bob.log_in("bob")
    alice.log_in("alice")
    value = "x" * (8 * 1024 * 1024 - 4096)
    fields = {"from": "CNSHA", "to": "NLRTM", "ready": "2026-03-23", "deadline": "2026-05-30", "teu": "1", "customer": value}
    stop, statuses = threading.Event(), []

    def flooder() -> None:
        client = Client(port)
        client.cookie, client.token = bob.cookie, bob.token
        while not stop.is_set():
            try:
                response = client.post_multipart("/book", fields, {})
                statuses.append(response.status if "xxxxxxxxxx" not in response.text else "echoed")
            except OSError as error:
                statuses.append(repr(error))

    def screens(count: int) -> list[float]:
        times = []
        for index in range(count):
            path = "/cargo" if index % 2 == 0 else f"/cargo/{ids['ACME']}"
            began = time.monotonic()
            response = alice.get(path)
            times.append(time.monotonic() - began)
            if response.status != 200:
                check(f"alice's {path} during the flood: 200", False, repr(response))
        return times

    quiet = screens(40)
    threads = [threading.Thread(target=flooder, daemon=True) for _ in range(4)]
    for thread in threads:
        thread.start()
    time.sleep(0.5)
    flooded = screens(100)
    stop.set()
    for thread in threads:
        thread.join(timeout=60)
    p50, p99 = percentile(flooded, 0.5), percentile(flooded, 0.99)
    print(f"  alice's screens: p99 {percentile(quiet, 0.99) * 1000:.0f} ms alone, {p99 * 1000:.0f} ms (p50 {p50 * 1000:.0f} ms) "
          f"during {len(statuses)} of bob's 8 MiB posts")
    check(f"alice's screens during bob's flood: p99 under {FLOOD_P99 * 1000:.0f} ms", p99 < FLOOD_P99, f"p99 {p99 * 1000:.0f} ms")
    check("bob's flood is refused, 413, never echoed", statuses and all(status == 413 for status in statuses),
          str(sorted(set(map(str, statuses)))))
    # Without a file, a form over 256 KiB is refused before it is read further.
    try:
        response = bob.post_form("/book", list(fields.items()))
        refused = response.status == 413 and "xxxxxxxxxx" not in response.text
        detail = repr(response)
    except OSError as error:  # the server may close the connection on the rest of the body
        refused, detail = True, repr(error)
    check("an 8 MiB form without a file: 413 (or the connection closed), unread", refused, detail)


@section("Non-loopback binds")
def non_loopback(binary: str, store: str, bare_store: str, ids: dict[str, str]) -> None:
    server = serve(binary, serve_arguments(store, "0.0.0.0"))
    try:
        host = f"192.0.2.1:{server.port}"
        user = Client(server.port, host=host)
        anonymous = Client(server.port, host=host).get("/cargo")
        check("with users, on 0.0.0.0: /cargo without a session (Host 192.0.2.1) is 303 to /login", to_login(anonymous, "/cargo"), repr(anonymous))
        response = user.log_in("alice", next_path="/cargo")
        check("with users, on 0.0.0.0: the login (Host 192.0.2.1, same Origin) is 303", response.status == 303 and user.cookie, repr(response))
        response = user.get("/cargo")
        check("with users, on 0.0.0.0: /cargo with a session (Host 192.0.2.1) is 200", response.status == 200 and ids["ACME"] in response.text,
              repr(response))
    finally:
        status = server.stop()
        check("the 0.0.0.0 server stops on SIGTERM with status 0", status == 0, f"status {status}")

    server = serve(binary, serve_arguments(bare_store, "0.0.0.0"))
    try:
        client = Client(server.port, host=f"192.0.2.1:{server.port}")
        response = client.get("/cargo")
        check("without users, on 0.0.0.0: /cargo (Host 192.0.2.1) is 404 saying loopback", response.status == 404
              and "loopback" in response.text, repr(response))
        response = client.post_form("/customers", {"id": "REMOTE", "name": "Remote"})
        check("without users, on 0.0.0.0: POST /customers (Host 192.0.2.1) is refused", response.status in (403, 404), repr(response))
        response = Client(server.port, host=f"192.0.2.1:{server.port}").get("/routes")
        check("without users, on 0.0.0.0: /routes still answers 200", response.status == 200, repr(response))
    finally:
        status = server.stop()
        check("the user-less server stops on SIGTERM with status 0", status == 0, f"status {status}")


@section("Brute force (user dave, from an outside address; then another server)")
def brute_force(binary: str, store: str) -> None:
    """From one outside address (behind a trusted proxy on loopback, so that the checks before, all from 127.0.0.1, do
    not count): 10 wrong passwords, then 429; and a second server over the same store refuses as well, since the
    failures are counted in the store."""
    arguments = serve_arguments(store) + ["--trusted-proxy", "127.0.0.1"]
    outside = {"X-Forwarded-For": "198.51.100.77"}
    server = serve(binary, arguments)
    try:
        started = time.monotonic()
        statuses = []
        for _ in range(10):
            statuses.append(Client(server.port).log_in("dave", "guess " + secrets.token_hex(4), headers=outside).status)
        elapsed = time.monotonic() - started
        check("10 wrong passwords for dave: 401 each", statuses == [401] * 10, f"statuses {statuses}")
        check(f"the wrong passwords are slowed down ({elapsed:.1f} s in all)", elapsed >= 3.0, f"{elapsed:.1f} s")
        response = Client(server.port).log_in("dave", "guess 11", headers=outside)
        retry = response.header("Retry-After") or ""
        check("the 11th: 429", response.status == 429, repr(response))
        check("the 11th: a positive integer Retry-After", retry.isdigit() and int(retry) > 0, f"Retry-After: {retry!r}")
        response = Client(server.port).log_in("dave", PASSWORD, headers=outside)
        check("then even the right password: 429, no cookie", response.status == 429 and not response.all("Set-Cookie"), repr(response))
    finally:
        status = server.stop()
        check("the brute-forced server stops on SIGTERM with status 0", status == 0, f"status {status}")
    other = serve(binary, arguments)
    try:
        response = Client(other.port).log_in("dave", PASSWORD, headers={"X-Forwarded-For": "203.0.113.5"})
        check("another server over the store refuses dave too (the failures are the store's): 429",
              response.status == 429 and not response.all("Set-Cookie"), repr(response))
    finally:
        status = other.stop()
        check("the other server stops on SIGTERM with status 0", status == 0, f"status {status}")


# --------------------------------------------------------------------------------------------- main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(ROOT / ".build/release/route-planner"), help="the route-planner to test")
    parser.add_argument("--store", help="the store with users: an empty PostgreSQL database, postgres://USER@HOST/DATABASE (its "
                        "password in PGPASSWORD); default: an SQLite file of its own")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="rp-attack-") as directory:
        store, bare_store = arguments.store or os.path.join(directory, "store.sqlite"), os.path.join(directory, "bare.sqlite")
        try:
            ids = make_store(binary, store)
            run(binary, "customer", "X", "Y", "--store", bare_store, "--first-week", FIRST_WEEK)
        except Exception as error:  # noqa: BLE001
            check("the store is made", False, str(error))
            ids = None
        if ids:
            check("the store is made: ACME's cargo and GLOBEX's", ids == {"ACME": "RP000001", "GLOBEX": "RP000002"}, str(ids))
            try:
                server = serve(binary, serve_arguments(store))
            except RuntimeError as error:
                check("the server starts", False, str(error))
                server = None
            if server:
                try:
                    print(f"server on 127.0.0.1:{server.port}")
                    no_session(server.port, ids)
                    login(server.port)
                    sessions(server.port, ids)
                    form_tokens(server.port, ids)
                    customers_apart(server.port, ids)
                    hostile_text(server.port)
                    malformed(server.port)
                    flood(server.port, ids)
                    store_round_trips(server.port, ids)
                    try:
                        tokens = {user: make_token(binary, store, user, "attack test")[0] for user in ("alice", "bob", "carol")}
                    except Exception as error:  # noqa: BLE001
                        check("the API's tokens are made (route-planner token create)", False, str(error))
                        tokens = None
                    if tokens:
                        api_tokens(server.port, binary, store, tokens, ids)
                        api_customers_apart(server.port, tokens, ids)
                        api_hostile(server.port, tokens, ids)
                        api_malformed(server.port, tokens, ids)
                finally:
                    status = server.stop()
                    check("the server stops on SIGTERM with status 0", status == 0,
                          f"status {status}; standard error:\n{server.stderr_text()[-2000:]}")
                    errors = [line.strip() for line in server.log if re.search(r"\b(error|critical)\b", line)]
                    check("the server logged no errors", not errors, "\n".join(errors[:10]))
            non_loopback(binary, store, bare_store, ids)
            brute_force(binary, store)

    failures = [(name, detail) for name, passed, detail in RESULTS if not passed]
    print(f"\nattack_test: {len(RESULTS) - len(failures)} of {len(RESULTS)} checks passed in {time.monotonic() - started:.1f} s")
    if failures:
        print(f"{len(failures)} failed:")
        for name, detail in failures:
            print(f"  FAIL {name}\n       {detail}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
