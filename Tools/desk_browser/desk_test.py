#!/usr/bin/env python3
"""The planner's desk in a real browser: Debian's Chromium, driven by Selenium through chromedriver, against
`route-planner serve` on loopback.

    python3 Tools/desk_browser/desk_test.py [--binary .build/release/route-planner] [--screenshots DIR] [--docs docs/desk]

The server plans as of 2026-03-20 12:00 UTC on the bundled schedule as its files lay it out (--first-week
2026-01-05), so that every page is the same on every run. A second server plans on the same clock over a store
that has accounts (two customers, a planner alice, bob a user of the customer ACME, a cargo each, all made with the
binary before it starts), where every screen asks for a login; a third plans door to door on the bundled inland
network (`--inland`). The flows:

- the whole lifecycle clicked through: register a customer, search, book from an option, find options and
  assign one, register a receive, a load and an unload, track, change the destination, re-route;
- door to door: a factory to a warehouse by truck, barge, vessel and truck, kept to trains by the Modes field,
  booked, its truck loaded and unloaded, tracked;
- the what-if comparison; an assignment upload with errors, then a good one, followed until its plan is ready;
- a form with every field wrong, each message next to its field and the input kept;
- the lifecycle again with JavaScript off; the booking with the keyboard alone;
- `<script>` and `"><img src=x onerror=alert(1)>` in every free-text input, shown as text and never run;
- the accounts: a screen without a session leads to the login form, which goes on to it; a wrong password (401,
  the user name kept, the password not); a customer's login with the keyboard alone, who sees only his own cargo,
  no planners' screens nor handling events, and routes it with forms that carry the session's token; another's
  cargo is not found; the logout, after which going back or reloading asks for the login again; a planner's login,
  who sees every cargo and who changed what;
- axe-core 4.x at WCAG 2.1 A and AA on every screen in every state (light and dark), 0 violations;
- a screenshot of every state (the web's previews) in DIR, and an A4 print of a cargo's page.

Exit status 0 when everything holds; 1 with every failure listed otherwise.
"""

from __future__ import annotations

import argparse
import base64
import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import assert_no_violations, axe_version, axe_violations, browser, screenshot, start_server, wait_for  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
AS_OF = "2026-03-20T12:00:00Z"
# The states docs/desk shows (README links them): one of each screen, and two in the dark.
DOCS = ["home", "routes", "routes-what-if", "book-errors", "cargo-handled", "cargo-list", "cargo-list-found", "port-schedule", "assignment-plan", "assignment-preview", "assignment-written",
        "disruptions-workbench", "disruptions-compare", "disruptions-preview", "disruptions-accepted",
        "routes-dark", "cargo-handled-dark"]
HOSTILE = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>"]
PASSWORD = "correct horse battery"


class Desk:
    """One browser on the desk: navigation by the page's own links and forms, a check of every state it reaches."""

    def __init__(self, driver: WebDriver, base: str, shots: Path, label: str, javascript: bool = True):
        self.driver, self.base, self.shots, self.label = driver, base, shots, label
        # axe is a script: it judges the pages in the browser that runs scripts; the other one only clicks through.
        self.javascript = javascript
        self.checked: list[str] = []
        self.dark = 0
        # The cargo the lifecycle booked, for the steps after it.
        self.tracking: list[str] = []

    # Navigation ------------------------------------------------------------------------------------------

    def open(self, path: str) -> None:
        self.driver.get(self.base + path)

    def follow(self, element) -> None:
        """Clicks a link or a button and waits for the page it leads to (a form's answer, or its redirection's):
        a document loaded after this one (by its time origin), complete, with a main region."""
        origin = self.driver.execute_script("return performance.timeOrigin")
        element.click()
        WebDriverWait(self.driver, 30).until(lambda driver: driver.execute_script(
            "return performance.timeOrigin !== arguments[0] && document.readyState === 'complete' && document.querySelector('main') !== null",
            origin))

    def click_link(self, text: str) -> None:
        self.follow(self.driver.find_element(By.LINK_TEXT, text))

    def click_button(self, text: str) -> None:
        quoted = f'"{text}"' if "'" in text else f"'{text}'"
        self.follow(self.driver.find_element(By.XPATH, f"//button[normalize-space()={quoted}]"))

    def fill(self, field_id: str, value: str) -> None:
        element = self.driver.find_element(By.ID, field_id)
        if element.tag_name == "select":
            Select(element).select_by_value(value)
        else:
            element.clear()
            element.send_keys(value)

    def submit(self, form_id: str, values: dict[str, str], button: str) -> None:
        # A folded group (the what-if) is opened, as a planner would, before its fields are filled.
        for details in self.driver.find_elements(By.CSS_SELECTOR, f"form details:not([open])"):
            if any(details.find_elements(By.ID, f"{form_id}-{name}") for name in values):
                details.find_element(By.TAG_NAME, "summary").click()
        for name, value in values.items():
            self.fill(f"{form_id}-{name}", value)
        self.click_button(button)

    @property
    def path(self) -> str:
        return self.driver.current_url.removeprefix(self.base)

    def text(self, selector: str = "main") -> str:
        return self.driver.find_element(By.CSS_SELECTOR, selector).text

    # Checks ----------------------------------------------------------------------------------------------

    def state(self, name: str, dark: bool = True) -> None:
        """Checks the page as it is (no script ran, axe at WCAG 2.1 A and AA), and draws it: a state of a screen."""
        assert_no_alert(self.driver)
        if not self.javascript:
            return
        assert_no_violations(self.driver, f"{self.label}/{name}")
        screenshot(self.driver, self.shots / f"{name}.png")
        if dark:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
            assert_no_violations(self.driver, f"{self.label}/{name} (dark)")
            screenshot(self.driver, self.shots / f"{name}-dark.png")
            self.dark += 1
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        self.checked.append(name)


def assert_no_alert(driver: WebDriver) -> None:
    try:
        alert = driver.switch_to.alert
    except NoAlertPresentException:
        return
    text = alert.text
    alert.dismiss()
    raise AssertionError(f"a script ran: alert({text!r})")


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)


def error_next_to(desk: Desk, form: str, field: str) -> str:
    """The message shown for a field: it must sit in the field's own block, named by the field's aria-describedby."""
    control = desk.driver.find_element(By.ID, f"{form}-{field}")
    message = desk.driver.find_element(By.ID, f"{form}-{field}-error")
    block = control.find_element(By.XPATH, "./ancestor::div[contains(@class,'field')][1]")
    expect(message.find_element(By.XPATH, "./ancestor::div[contains(@class,'field')][1]") == block, f"{field}: its message is not next to it")
    expect(f"{form}-{field}-error" in (control.get_attribute("aria-describedby") or ""), f"{field}: the message is not tied to the field")
    expect(control.get_attribute("aria-invalid") == "true", f"{field}: not marked invalid")
    return message.text


# Flows ------------------------------------------------------------------------------------------------------


def lifecycle(desk: Desk, customer: str, states: bool) -> str:
    """Register, search, book from an option, route, handle, track, change the destination and re-route; returns
    the tracking id."""
    desk.open("/")
    if states:
        desk.state("home")
        desk.click_link("Cargo")
        expect("No cargo is booked yet" in desk.text(), "the empty cargo list says nothing")
        desk.state("cargo-list-empty")
        desk.click_link("Book")
        expect("No customer is registered yet" in desk.text(), "the booking form does not say that a customer is needed")
        desk.state("book-no-customer")
    desk.click_link("Customers")
    if states:
        desk.state("customers-empty")
    desk.submit("customer", {"id": customer, "name": f"{customer} Shipping"}, "Register")
    expect("registered" in desk.text(".notice"), "the customer is not registered")
    if states:
        desk.state("customers")
    desk.click_link("Routes")
    if states:
        desk.state("routes-idle")
    desk.submit("search", {"from": "CNSHA", "to": "NLRTM", "ready": "2026-03-02", "deadline": "2026-04-30"}, "Find routes")
    expect("options" in desk.text("#options"), "no options")
    if states:
        desk.state("routes")
    desk.follow(desk.driver.find_element(By.CSS_SELECTOR, "a[aria-label='Book a cargo on option 1']"))
    expect(desk.driver.find_element(By.ID, "book-from").get_attribute("value") == "CNSHA", "the booking form is not filled from the option")
    option = desk.driver.find_element(By.ID, "book-option").get_attribute("value")
    expect(option.startswith("RP-"), f"the booking form does not carry the option: {option!r}")
    if states:
        desk.state("book")
    # Booked and routed on the option in one step, with the booking's reference.
    desk.submit("book", {"customer": customer, "teu": "2", "bookingReference": f"BK-{customer}-1"}, "Book and route")
    tracking = re.search(r"/cargo/([^/?]+)", desk.path).group(1)
    expect("Booked and routed" in desk.text(".notice"), f"no booking notice: {desk.text('.notice')}")
    expect(option in desk.driver.page_source or "routed" in desk.text("#progress").lower(), "the cargo is not routed on the option")
    if states:
        desk.state("cargo-booked")
    desk.click_button("Find options")
    if states:
        desk.state("cargo-options")
    # Booked on option 1, the cargo's current route is marked among its options; another is assigned instead.
    expect("Current route" in desk.text("#options"), "the current route is not marked among the options")
    desk.follow(desk.driver.find_element(By.CSS_SELECTOR, "button[aria-label^='Assign option']"))
    expect("route is assigned" in desk.text(".notice"), "the route is not assigned")
    if states:
        desk.state("cargo-routed")
    # The event form offers the next expected activity; the planner gives the times.
    desk.submit("event", {"completionTime": "2026-03-02T08:00:00Z"}, "Register the event")
    expect("registered" in desk.text(".notice"), f"the receive is not registered: {desk.text()}")
    for kind in ("load", "unload"):
        expect(Select(desk.driver.find_element(By.ID, "event-event")).first_selected_option.get_attribute("value") == kind, f"{kind} is not offered next")
        expect(desk.driver.find_element(By.ID, "event-completionTime").get_attribute("value"), f"the {kind} has no time offered")
        desk.click_button("Register the event")
        expect("registered" in desk.text(".notice"), f"the {kind} is not registered: {desk.text()}")
    if states:
        desk.state("cargo-handled")
    desk.open(f"/cargo/{tracking}")
    expect("in port" in desk.text("#progress").lower() or "on board" in desk.text("#progress").lower(), "no transport status")
    desk.submit("destination", {"destination": "DEHAM"}, "Change the destination")
    expect("destination is changed" in desk.text(".notice"), "the destination is not changed")
    desk.click_button("Re-route")
    expect("Re-routed" in desk.text(".notice"), f"not re-routed: {desk.text()}")
    expect("DEHAM" in desk.text("#options"), "the new options do not reach DEHAM")
    if states:
        desk.state("cargo-rerouted")
    desk.click_link("Cargo")
    expect(tracking in desk.text("table"), "the cargo is not listed")
    if states:
        desk.state("cargo-list")
    return tracking


def cargo_list(desk: Desk, tracking: str) -> None:
    """The cargo list finds a cargo by part of its tracking id, filters and sorts it, keeps the filters on every page
    link, and downloads what it found as CSV: the same cargo, with its standing."""
    desk.open("/cargo")
    desk.submit("filter", {"search": tracking[-4:].lower()}, "Show")
    expect(tracking in desk.text("table"), f"the search for {tracking[-4:]} does not find {tracking}")
    headers = [cell.text for cell in desk.driver.find_elements(By.CSS_SELECTOR, "table th")]
    expect({"Against the deadline", "Where", "Next"} <= set(headers), f"the list lacks its columns: {headers}")
    Select(desk.driver.find_element(By.ID, "filter-sort")).select_by_value("deadline")
    Select(desk.driver.find_element(By.ID, "filter-status")).select_by_value("claimed")
    desk.click_button("Show")
    expect("No cargo matches these filters" in desk.text(), "a filter nothing matches does not say so")
    expect("status=claimed" in desk.path and "sort=deadline" in desk.path, f"the filters are not the address: {desk.path}")
    desk.open(f"/cargo?search={tracking}&sort=slack")
    desk.state("cargo-list-found")
    link = desk.driver.find_element(By.PARTIAL_LINK_TEXT, "as CSV")
    href = link.get_attribute("href")
    expect("/cargo.csv?" in href and f"search={tracking}" in href and "page=" not in href, f"the file's link is not the list's query: {href}")
    import urllib.request
    with urllib.request.urlopen(href) as answer:
        expect(answer.headers.get("Content-Type", "").startswith("text/csv"), "the file is not CSV")
        rows = list(csv.DictReader(io.StringIO(answer.read().decode("utf-8"))))
    expect([row["tracking_id"] for row in rows] == [tracking], f"the file is not the list: {rows}")
    expect("standing" in rows[0] and "slack_hours" in rows[0], f"the file lacks the list's columns: {list(rows[0])}")


def axe_can_fail(desk: Desk) -> None:
    """The check can fail: a page made wrong on purpose (a field's label taken away, text the colour of its
    background) is one that axe finds violations on."""
    desk.open("/book")
    desk.driver.execute_script(
        "document.querySelector('label[for=book-from]').remove();"
        "document.querySelector('main p.hint').style.color = '#f2f2f2';")
    found = {violation["id"] for violation in axe_violations(desk.driver)}
    expect({"label", "color-contrast"} <= found, f"axe did not find what was broken on purpose: {sorted(found)}")


def every_field_wrong(desk: Desk) -> None:
    desk.open("/book")
    values = {"from": "XX", "to": "12345678", "ready": "tomorrow", "deadline": "soon", "teu": "-3", "weight": "heavy",
              "revenue": "lots", "maxTransitDays": "forever"}
    desk.submit("book", values, "Book")
    for field in values:
        expect(error_next_to(desk, "book", field), f"{field}: no message")
    expect(desk.driver.find_element(By.ID, "book-ready").get_attribute("value") == "tomorrow", "the input is not kept")
    expect(desk.driver.find_element(By.CSS_SELECTOR, ".error-summary a[href='#book-from']"), "the summary does not link to the field")
    desk.state("book-errors")
    desk.open("/routes?from=XX&to=NLRTM&ready=someday&k=99&delay=nonsense")
    for field in ("from", "ready", "k", "delay"):
        expect(error_next_to(desk, "search", field), f"{field}: no message")
    desk.state("routes-errors")
    desk.open("/cargo?status=lost&standing=doomed&due=0&sort=weight")
    for field in ("status", "standing", "due", "sort"):
        expect(error_next_to(desk, "filter", field), f"{field}: no message")


def what_if(desk: Desk) -> None:
    desk.open("/routes?from=CNSHA&to=NLRTM&ready=2026-03-02&deadline=2026-04-30")
    first_voyage = re.search(r"(WS\d+-W\d+):", desk.text("#options"))
    desk.open("/routes")
    desk.submit("search", {"from": "CNSHA", "to": "NLRTM", "ready": "2026-03-02", "deadline": "2026-04-30",
                           "cancelVoyage": first_voyage.group(1) if first_voyage else "WS15-W09", "delay": "WS25-W01:72"}, "Find routes")
    expect("Against the plain schedule" in desk.text(), "no comparison")
    expect("Changed:" in desk.text("#comparison"), "the comparison says nothing")
    marks = [cell.text for cell in desk.driver.find_elements(By.CSS_SELECTOR, "#comparison td strong, #options td strong")]
    expect("gone" in marks and "new" in marks, f"the options gone and new are not marked: {marks}")
    expect("Gone: CNSHA" in desk.text("#comparison") and "New: CNSHA" in desk.text("#comparison"), "the options gone and new are not named")
    desk.state("routes-what-if")
    # On a phone's 390 px, the options' table scrolls sideways and each option's Book link stays in view.
    desk.driver.set_window_size(390, 844)
    width = desk.driver.execute_script("return document.documentElement.clientWidth")
    book = desk.driver.find_elements(By.CSS_SELECTOR, "#options td:last-child a")
    expect(book, "no Book link")
    right = desk.driver.execute_script("const r = arguments[0].getBoundingClientRect(); return r.right;", book[0])
    expect(0 < right <= width, f"the Book link is off the screen at 390 px: its right edge at {right} of {width}")
    desk.driver.set_window_size(1280, 1000)
    desk.open("/routes?from=CNSHA&to=NLRTM&ready=2026-03-02&deadline=2026-03-03")
    expect(desk.driver.find_elements(By.CSS_SELECTOR, ".notice.failure"), "no failure for a route that cannot be")
    desk.state("routes-no-route")


def inland(desk: Desk) -> None:
    """Door to door on the bundled inland network (`serve --inland`): from a factory in Fuling to a warehouse in Dortmund
    by truck, Yangtze barge, vessel and truck; kept to trains on the Rhine with the Modes field, and to too few changes of
    mode for any route; booked from an option,
    its truck loaded and unloaded at the barge terminal, and tracked."""
    desk.open("/")
    desk.click_link("Customers")
    desk.submit("customer", {"id": "ACME", "name": "ACME Shipping"}, "Register")
    desk.click_link("Routes")
    desk.submit("search", {"from": "CNFLG", "to": "DEDTM", "ready": "2026-03-09", "deadline": "2026-06-30"}, "Find routes")
    options = desk.text("#options")
    expect("TRUCK CNFLG-CNCQI" in options and "YZD-" in options, f"no truck to the Yangtze barge: {options[:600]}")
    desk.state("routes-inland")
    desk.submit("search", {"from": "CNWXS", "to": "CHLTL", "ready": "2026-03-09", "deadline": "2026-06-30", "modes": "vessel, rail, truck"},
                "Find routes")
    options = desk.text("#options")
    expect("RLS-" in options and "RHU-" not in options and "TRUCK CHBBS-CHLTL" in options, f"not by train up the Rhine: {options[:600]}")
    # A truck at each end and a barge or a train between them and the vessel: two changes of mode are too few.
    desk.submit("search", {"from": "CNWXS", "to": "CHLTL", "ready": "2026-03-09", "deadline": "2026-06-30", "modes": "", "maxModeChanges": "2"},
                "Find routes")
    expect("No sailing connects CNWXS to CHLTL" in desk.text("main"), f"two changes of mode found a route: {desk.text('main')[:600]}")
    desk.submit("search", {"from": "CNFLG", "to": "DEDTM", "ready": "2026-03-09", "deadline": "2026-06-30", "maxModeChanges": ""}, "Find routes")
    desk.follow(desk.driver.find_element(By.CSS_SELECTOR, "a[aria-label='Book a cargo on option 1']"))
    desk.submit("book", {"customer": "ACME", "teu": "2", "bookingReference": "BK-INLAND-1"}, "Book and route")
    expect("Booked and routed" in desk.text(".notice"), f"no booking notice: {desk.text('.notice')}")
    expect("TRUCK CNFLG-CNCQI" in desk.text(), "the cargo's itinerary has no truck")
    desk.submit("event", {"completionTime": "2026-03-09T08:00:00Z"}, "Register the event")
    expect("registered" in desk.text(".notice"), f"the receive is not registered: {desk.text()}")
    for kind in ("load", "unload"):
        expect(Select(desk.driver.find_element(By.ID, "event-event")).first_selected_option.get_attribute("value") == kind, f"{kind} is not offered next")
        expect(desk.driver.find_element(By.ID, "event-voyage").get_attribute("value") == "TRUCK CNFLG-CNCQI", f"the {kind} is not the truck's")
        desk.click_button("Register the event")
        expect("registered" in desk.text(".notice"), f"the truck's {kind} is not registered: {desk.text()}")
    progress = desk.text("#progress")
    expect("CNCQI" in progress and "YZD-" in progress, f"the cargo is not shown at the barge terminal, next on the barge: {progress}")
    desk.state("cargo-inland")


def schedules(desk: Desk) -> None:
    desk.click_link("Schedules")
    desk.state("schedules")
    desk.submit("port", {"code": "sgsin", "from": "2026-03-02"}, "Show the port's calls")
    expect(desk.path.startswith("/schedules/ports/SGSIN"), f"not on the port's schedule: {desk.path}")
    desk.state("port-schedule")
    desk.follow(desk.driver.find_element(By.CSS_SELECTOR, "main table tbody tr a"))
    expect(desk.path.startswith("/schedules/vessels/"), "the voyage link does not lead to its schedule")
    desk.state("vessel-schedule")
    desk.open("/schedules/ports/XXXXX")
    desk.state("port-unknown", dark=False)
    desk.open("/no/such/page")
    desk.state("not-found", dark=False)


def assignment(desk: Desk, bookings: Path, broken: Path) -> None:
    desk.click_link("Assignments")
    desk.state("assignments")
    desk.fill("assign-source", "file")
    desk.driver.find_element(By.ID, "assign-bookings").send_keys(str(broken))
    desk.fill("assign-timeLimit", "10")
    desk.click_button("Run the assignment")
    message = error_next_to(desk, "assign", "bookings")
    expect("broken.csv:2:" in message, f"the file's problems are not located: {message}")
    desk.state("assignments-errors")
    desk.fill("assign-source", "file")
    desk.driver.find_element(By.ID, "assign-bookings").send_keys(str(bookings))
    desk.fill("assign-customer", "ACME")
    desk.fill("assign-timeLimit", "10")
    desk.click_button("Run the assignment")
    expect(desk.path.startswith("/assignments/"), "the run has no screen")
    deadline = time.monotonic() + 90
    while not desk.driver.find_elements(By.ID, "totals"):
        expect(time.monotonic() < deadline, "the run did not finish within 90 s")
        if "running" in desk.driver.title and "assignment-running" not in desk.checked:
            expect("Last step:" in desk.text(), "the running run shows no step")
            desk.state("assignment-running", dark=False)
        time.sleep(0.5)
        desk.click_link("Check again")
    expect(desk.driver.find_elements(By.LINK_TEXT, "The plan as CSV"), "no download")
    desk.state("assignment-plan")
    # The run is listed on the assignments screen with what it came to, and its link leads back to it.
    run = desk.path
    desk.click_link("Assignments")
    runs = desk.text("#runs")
    expect("Bookings file" in runs and "Carried:" in runs and "finished" in runs, f"the run is not listed with its figures: {runs}")
    desk.driver.find_element(By.CSS_SELECTOR, f'#runs a[href="{run}"]').click()
    expect(desk.path == run, f"the listed run does not lead to its screen: {desk.path}")
    expect(not desk.driver.find_elements(By.ID, "confirm"), "an uploaded file's plan offers to be written to the store")


def store_assignment(desk: Desk) -> None:
    """A run on the store's open cargo: a preview that writes nothing, then confirmed, with what it wrote."""
    # A booking whose revenue pays for its handling, for the run to carry.
    desk.open("/book?from=CNSHA&to=NLRTM&ready=2026-03-23&deadline=2026-06-30")
    desk.submit("book", {"customer": "ACME", "teu": "2", "revenue": "2500"}, "Book")
    expect("Booked" in desk.text(".notice"), "the booking to assign is not booked")
    desk.open("/cargo?status=not-routed")
    open_before = desk.text("main")
    desk.open("/assignments")
    desk.fill("assign-source", "store")
    desk.fill("assign-timeLimit", "10")
    desk.click_button("Run the assignment")
    deadline = time.monotonic() + 90
    while not desk.driver.find_elements(By.ID, "totals"):
        expect(time.monotonic() < deadline, "the run did not finish within 90 s")
        time.sleep(0.5)
        desk.click_link("Check again")
    expect(desk.driver.title.startswith("Assignment preview"), f"the run is not a preview: {desk.driver.title}")
    expect("nothing is written until you confirm" in desk.text("#confirm"), "the preview does not say it writes nothing")
    run = desk.path
    desk.open("/cargo?status=not-routed")
    expect(desk.text("main") == open_before, "the preview wrote routes")
    desk.open(run)
    desk.state("assignment-preview")
    button = desk.driver.find_element(By.CSS_SELECTOR, "#confirm button")
    expect(button.text.startswith("Write the "), f"the confirm button says {button.text!r}")
    desk.follow(button)
    expect(desk.driver.title.startswith("Assignment written"), f"not written: {desk.driver.title}")
    expect("Written: " in desk.text("#written .notice"), f"the run does not say what it wrote: {desk.text('#written')}")
    expect(not desk.driver.find_elements(By.ID, "confirm"), "a written plan offers to be written again")
    desk.state("assignment-written")
    desk.open("/cargo?status=not-routed")
    expect(desk.text("main") != open_before, "the confirmation routed none of the open cargo")
    desk.click_link("Assignments")
    expect("; Written: " in desk.text("#runs"), "the confirmed run is not listed with what it wrote")


def disruptions(desk: Desk, feed: Path, update: Path, broken: Path) -> None:
    desk.click_link("Disruptions")
    expect(desk.path == "/disruptions", f"not on the disruptions: {desk.path}")
    desk.state("disruptions")
    desk.driver.find_element(By.ID, "apply-events-events").send_keys(str(broken))
    desk.click_button("Apply the events")
    message = error_next_to(desk, "apply-events", "events")
    expect("not DCSA Track & Trace events" in message, f"a broken file is not refused at its field: {message}")
    desk.state("disruptions-errors")
    desk.driver.find_element(By.ID, "apply-events-events").send_keys(str(feed))
    desk.click_button("Apply the events")
    expect(desk.path.startswith("/disruptions?"), f"not back on the disruptions: {desk.path}")
    expect("316 events: 312 applied to the schedule" in desk.text(), f"the batch is not summed up: {desk.text()[:300]}")
    expect("EST arrival of WS00-W07 at GHTKD" in desk.text("#events"), "the carriers' events are not listed")
    desk.state("disruptions-applied")
    desk.driver.find_element(By.ID, "apply-events-events").send_keys(str(update))
    desk.click_button("Apply the events")
    expect("1 voyage published again" in desk.text(), f"the publication is not summed up: {desk.text()[:300]}")
    desk.state("disruptions-republished")


def disruption_workbench(desk: Desk, folder: Path) -> None:
    """A cargo booked on an option, its first vessel reported 40 days late at the port where it changes; its option
    chosen on the disruptions screen, previewed and confirmed with keys only; then it is no longer disrupted."""
    desk.open("/routes")
    desk.submit("search", {"from": "CNSHA", "to": "NLRTM", "ready": "2026-03-23", "deadline": "2026-06-30"}, "Find routes")
    desk.follow(desk.driver.find_element(By.CSS_SELECTOR, "a[aria-label='Book a cargo on option 1']"))
    desk.submit("book", {"customer": "ACME", "teu": "1"}, "Book and route")
    tracking = re.search(r"/cargo/([^/?#]+)", desk.path).group(1)
    leg = re.search(r"([A-Z0-9][A-Z0-9-]*): [^()\n]+\(([A-Z]{2}[A-Z0-9]{3})\) → [^()\n]+\(([A-Z]{2}[A-Z0-9]{3})\)", desk.text())
    expect(leg is not None, f"the cargo's legs are not shown: {desk.text()[:400]}")
    voyage, port = leg.group(1), leg.group(3)
    created = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 60))
    late = [{"eventID": "5b0f6c1e-1f7d-4a53-9d0e-2f6c8a4b7e10", "eventType": "TRANSPORT", "eventClassifierCode": "EST",
             "eventCreatedDateTime": created, "eventDateTime": "2026-06-01T00:00:00Z", "transportEventTypeCode": "ARRI",
             "transportCall": {"transportCallID": "late", "modeOfTransport": "VESSEL", "UNLocationCode": port,
                               "importVoyageNumber": voyage, "transportCallSequenceNumber": 1}}]
    events = folder / "late.json"
    events.write_text(json.dumps(late))
    desk.open("/disruptions")
    desk.driver.find_element(By.ID, "apply-events-events").send_keys(str(events))
    desk.click_button("Apply the events")
    expect(tracking in desk.text("#disrupted"), f"{tracking} is not disrupted by its vessel's delay: {desk.text('#disrupted')[:400]}")
    radios = desk.driver.find_elements(By.CSS_SELECTOR, "#choose input[type=radio][value='1']")
    expect(bool(radios), f"no disrupted cargo has options to choose from: {desk.text()[:400]}")
    expect(f"{voyage} reaches {port}" in desk.text("#disrupted"), "the cause is not named")
    radios = desk.driver.find_elements(By.CSS_SELECTOR, "#choose input[type=radio][value='1']")
    expect(bool(radios), f"no disrupted cargo has options to choose from: {desk.text()[:400]}")
    expect("later than planned" in desk.text("#disrupted") or "not known until it is re-routed" in desk.text("#disrupted"),
           "the delay is not shown")
    desk.state("disruptions-workbench")
    # A cargo drawn beside its options, reached with the keyboard from its row, the option chosen kept; the list
    # stays below, and nothing is previewed.
    desk.driver.find_element(By.CSS_SELECTOR, f"#choose input[name='choose-{tracking}'][value='1']").send_keys(Keys.SPACE)
    desk.driver.find_element(By.XPATH, f"//button[normalize-space()='Draw {tracking} beside its options']").send_keys(Keys.ENTER)
    wait_for(lambda: f"compare={tracking}" in desk.path)
    expect(desk.driver.find_element(By.CSS_SELECTOR, f"#choose input[name='choose-{tracking}'][value='1']").is_selected(),
           "the option chosen is lost when a cargo is drawn")
    expect(not desk.driver.find_elements(By.ID, "accept"), "drawing a cargo previews the re-routing")
    figures = desk.driver.find_elements(By.CSS_SELECTOR, "#compare figure svg")
    expect(len(figures) == 2, f"{tracking} is not drawn on a time line and a map: {desk.text('#compare')[:400]}")
    expect(tracking in desk.text("#disrupted"), "the list is gone while a cargo is drawn")
    desk.state("disruptions-compare")
    desk.open("/disruptions")
    # Nothing chosen: the error summary, where the list begins.
    desk.driver.find_element(By.XPATH, "//button[normalize-space()='Preview the re-routing']").send_keys(Keys.ENTER)
    wait_for(lambda: "preview=yes" in desk.path)
    expect("Choose at least one cargo" in desk.text("#choose-problems"), "choosing nothing is not refused")
    # Each disrupted cargo's first option, chosen with the space bar, previewed with the return key.
    chosen = []
    for radio in desk.driver.find_elements(By.CSS_SELECTOR, "#choose input[type=radio][value='1']"):
        radio.send_keys(Keys.SPACE)
        chosen.append(radio.get_attribute("name").removeprefix("choose-"))
    expect(all(radio.is_selected() for radio in desk.driver.find_elements(By.CSS_SELECTOR, "#choose input[type=radio][value='1']")),
           "the space bar does not choose an option")
    desk.driver.find_element(By.XPATH, "//button[normalize-space()='Preview the re-routing']").send_keys(Keys.ENTER)
    wait_for(lambda: "choose-" in desk.path)
    expect("What will change" in desk.text("#accept") and "Nothing is written until you confirm" in desk.text("#accept"),
           f"no preview: {desk.text()[:400]}")
    desk.state("disruptions-preview")
    before = desk.text("#disrupted")
    expect(all(tracking in before for tracking in chosen), "a preview changed the cargo")
    desk.driver.find_element(By.XPATH, "//button[normalize-space()='Confirm: re-route these cargo']").send_keys(Keys.ENTER)
    wait_for(lambda: desk.path == "/disruptions/accept")
    result = desk.text("#accept")
    expect("What changed" in result and "re-routed" in result, f"the confirmation does not say what changed: {result[:400]}")
    desk.state("disruptions-accepted")
    for tracking in chosen:
        desk.open(f"/cargo/{tracking}")
        expect("Re-route it: as the schedule now sails" not in desk.text(), f"{tracking} is still disrupted")


def preview_without_script(desk: Desk) -> None:
    """The disruptions' preview is a plain form: choosing nothing is refused, with the summary first."""
    desk.open("/disruptions?preview=yes")
    expect("Choose at least one cargo" in desk.text(), f"choosing nothing is not refused without script: {desk.text()[:300]}")


def keyboard_booking(desk: Desk, customer: str) -> None:
    """The booking form from the skip link to the cargo's screen, with keys only."""
    desk.open("/book?from=CNSHA&to=NLRTM&ready=2026-03-02&deadline=2026-04-30")
    page = desk.driver.switch_to.active_element
    actions = [Keys.TAB, Keys.ENTER]  # the skip link, then into the main region
    for key in actions:
        page = desk.driver.switch_to.active_element
        page.send_keys(key)
    expect(desk.driver.switch_to.active_element.get_attribute("id") == "main", "the skip link does not lead to the content")
    desk.driver.switch_to.active_element.send_keys(Keys.TAB)
    focused = desk.driver.switch_to.active_element
    expect(focused.get_attribute("id") == "book-customer", f"the first field is not the first stop: {focused.get_attribute('id')}")
    focused.send_keys(customer[0])
    # From, to, ready and deadline are filled; the TEU is the sixth stop.
    for _ in range(5):
        desk.driver.switch_to.active_element.send_keys(Keys.TAB)
    expect(desk.driver.switch_to.active_element.get_attribute("id") == "book-teu", "the stops are not in the form's order")
    desk.driver.switch_to.active_element.send_keys(Keys.CONTROL, "a")
    desk.driver.switch_to.active_element.send_keys("3", Keys.ENTER)
    wait_for(lambda: "/cargo/" in desk.path)
    expect("Booked" in desk.text(".notice"), "not booked with the keyboard")


def hostile_text(desk: Desk, tracking: str, hostile_folder: Path) -> None:
    """Each hostile text in every free-text input: stored and shown as text, never run."""
    for number, text in enumerate(HOSTILE):
        desk.open("/customers")
        desk.submit("customer", {"id": f"EVIL{number}", "name": text}, "Register")
        expect(text in desk.text("table"), "the name is not shown as text")
        desk.submit("customer", {"id": text, "name": text}, "Register")
        assert_no_alert(desk.driver)
        desk.open("/book")
        desk.submit("book", {name: text for name in ("from", "to", "ready", "deadline", "teu", "weight", "revenue", "maxTransitDays")}, "Book")
        expect(desk.driver.find_element(By.ID, "book-from").get_attribute("value") == text, "the input is not kept as text")
        assert_no_alert(desk.driver)
        desk.open("/routes")
        desk.submit("search", {name: text for name in ("from", "to", "ready", "deadline", "k", "maxTransshipments", "cancelVoyage", "closePort",
                                                         "delay", "capacity")}, "Find routes")
        assert_no_alert(desk.driver)
        desk.open(f"/cargo/{tracking}")
        desk.submit("event", {"location": text, "voyage": text, "completionTime": text}, "Register the event")
        assert_no_alert(desk.driver)
        desk.submit("destination", {"destination": text, "deadline": text}, "Change the destination")
        assert_no_alert(desk.driver)
        expect(not desk.driver.find_elements(By.CSS_SELECTOR, "main img, main script"), "markup from the input made it into the page")
        desk.open("/cargo?customer=" + text)
        assert_no_alert(desk.driver)
        desk.open("/schedules/ports?code=" + text)
        assert_no_alert(desk.driver)
    # A file whose name and rows hold the hostile text: its problems are listed as text.
    for number, text in enumerate(HOSTILE):
        upload = hostile_folder / f"{text.replace('/', '')}.csv"
        upload.write_text(f"booking,origin,destination,ready,deadline,teu,revenue_per_teu\n{text},{text},NLRTM,2026-03-22,2026-04-30,2,900\n")
        desk.open("/assignments")
        desk.fill("assign-source", "file")
        desk.driver.find_element(By.ID, "assign-bookings").send_keys(str(upload))
        desk.click_button("Run the assignment")
        assert_no_alert(desk.driver)
        expect("alert(1)" in desk.text("#assign-bookings-error"), "the file's problems do not show its text as text")
        expect(not desk.driver.find_elements(By.CSS_SELECTOR, "main img, main script"), "markup from the file made it into the page")
    desk.open(f"/cargo/{tracking}")
    desk.submit("event", {"location": "SGSIN", "voyage": "", "completionTime": "2026-13-40"}, "Register the event")
    desk.state("cargo-event-errors", dark=False)


def print_a4(desk: Desk, tracking: str, shots: Path) -> None:
    desk.open(f"/cargo/{tracking}")
    pdf = desk.driver.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True})
    data = base64.b64decode(pdf["data"])
    (shots / "cargo-print.pdf").write_bytes(data)
    box = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", data)
    expect(box is not None and abs(float(box.group(1)) - 595.9) < 2 and abs(float(box.group(2)) - 842.9) < 2, f"not A4: {box and box.groups()}")


# The accounts -------------------------------------------------------------------------------------------------


def status(desk: Desk) -> int:
    """The HTTP status of the page shown: the last answer of its navigation, after any redirection."""
    return desk.driver.execute_script("return performance.getEntriesByType('navigation')[0].responseStatus")


def token_of(button) -> str:
    """The session's token in the form that a button submits: a hidden `_token` of 256 bits (43 characters or so)."""
    form = button.find_element(By.XPATH, "./ancestor::form[1]")
    tokens = form.find_elements(By.CSS_SELECTOR, "input[type=hidden][name=_token]")
    name = button.get_attribute("aria-label") or button.text
    expect(len(tokens) == 1, f"the form of {name!r} carries {len(tokens)} tokens: {form.get_attribute('outerHTML')}")
    value = tokens[0].get_attribute("value") or ""
    expect(len(value) >= 40, f"the form of {name!r} carries a short token: {value!r}")
    return value


def navigation(desk: Desk) -> tuple[list[str], str | None]:
    """The navigation's links, and its account area's text (None when there is none)."""
    links = [link.text for link in desk.driver.find_elements(By.CSS_SELECTOR, "header nav ul a")]
    account = desk.driver.find_elements(By.CSS_SELECTOR, "header nav .account")
    return links, account[0].text if account else None


def login_form(desk: Desk) -> None:
    """A screen opened without a session leads to the login form, which names the screen to go on to."""
    desk.driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    desk.open("/cargo")
    expect(desk.path == "/login?next=%2Fcargo", f"/cargo without a session does not lead to the login form: {desk.path}")
    expect(desk.text("h1") == "Log in", f"not the login form: {desk.text('h1')}")
    expect(desk.driver.find_element(By.CSS_SELECTOR, "form[action='/login'] input[type=hidden][name=next]").get_attribute("value") == "/cargo",
           "the form does not go on to /cargo")
    expect(desk.driver.find_element(By.ID, "login-password").get_attribute("type") == "password", "the password is shown")
    expect(navigation(desk)[1] is None, "someone is logged in on the login form")
    desk.state("login")


def wrong_password(desk: Desk) -> None:
    """The same form again (401), saying so in an alert, with the user name kept and the password not."""
    desk.submit("login", {"username": "bob", "password": "not his password"}, "Log in")
    expect(status(desk) == 401, f"a wrong password is answered {status(desk)}, not 401")
    alert = desk.driver.find_elements(By.CSS_SELECTOR, "main [role=alert]")
    expect(alert and alert[0].text == "The user name or the password is wrong.", f"no alert: {alert and alert[0].text}")
    expect(desk.driver.find_element(By.ID, "login-username").get_attribute("value") == "bob", "the user name is not kept")
    expect(desk.driver.find_element(By.ID, "login-password").get_attribute("value") == "", "the password is kept")
    expect(desk.driver.get_cookie("rp_session") is None, "a wrong password starts a session")
    desk.state("login-failed")


def customer_login(desk: Desk, own: str, other: str) -> None:
    """bob, a user of ACME, logs in with keys only and goes on to the cargo list, where only his own cargo is."""
    desk.open("/cargo")
    for key in (Keys.TAB, Keys.ENTER):  # the skip link, then into the main region
        desk.driver.switch_to.active_element.send_keys(key)
    expect(desk.driver.switch_to.active_element.get_attribute("id") == "main", "the skip link does not lead to the content")
    desk.driver.switch_to.active_element.send_keys(Keys.TAB)
    for field, value, key in (("login-username", "bob", Keys.TAB), ("login-password", PASSWORD, Keys.ENTER)):
        focused = desk.driver.switch_to.active_element
        expect(focused.get_attribute("id") == field, f"the stop is not {field}: {focused.get_attribute('id')}")
        focused.send_keys(value, key)
    wait_for(lambda: desk.path == "/cargo" and desk.driver.execute_script("return document.readyState") == "complete", timeout=30)
    listed = desk.text("table")
    expect(own in listed and other not in listed, f"bob's list is not his cargo alone: {listed}")
    links, account = navigation(desk)
    expect(not {"Customers", "Assignments"} & set(links), f"a customer is offered the planners' screens: {links}")
    expect(account is not None and "bob (customer ACME)" in account, f"the navigation does not name the user: {account}")
    token_of(desk.driver.find_element(By.XPATH, "//header//nav//*[contains(@class,'account')]//button[normalize-space()='Log out']"))
    desk.state("cargo-list-customer")


def customer_cargo(desk: Desk, own: str, other: str) -> None:
    """His cargo's page, without the handling events' form; he routes it with forms that carry the session's token;
    the other customer's cargo is not found."""
    desk.click_link(own)
    expect(desk.path == f"/cargo/{own}", f"not on the cargo's page: {desk.path}")
    expect(not desk.driver.find_elements(By.CSS_SELECTOR, f"form[action='/cargo/{own}/events']")
           and "Register a handling event" not in desk.text(), "a customer is offered the handling events' form")
    desk.state("cargo-customer")
    find = desk.driver.find_element(By.XPATH, "//button[normalize-space()='Find options']")
    token_of(find)
    desk.follow(find)
    assign = desk.driver.find_element(By.CSS_SELECTOR, "button[aria-label='Assign option 1']")
    token_of(assign)
    desk.follow(assign)
    expect("route is assigned" in desk.text(".notice"), f"the route is not assigned: {desk.text()}")
    desk.open(f"/cargo/{other}")
    expect(status(desk) == 404, f"another customer's cargo is answered {status(desk)}, not 404")
    expect(desk.text("h1") == "Cargo not found" and "GLOBEX" not in desk.text(), f"not the page of a cargo not found: {desk.text()}")


def log_out(desk: Desk, own: str) -> None:
    """The logout leads to the login form; going back, or reloading the cargo list, asks for the login again."""
    desk.click_link("Cargo")
    desk.click_button("Log out")
    expect(desk.path == "/login", f"the logout does not lead to the login form: {desk.path}")
    expect(navigation(desk)[1] is None, "still logged in after the logout")
    expect(desk.driver.get_cookie("rp_session") is None, "the session's cookie is kept")
    desk.driver.back()
    wait_for(lambda: desk.driver.execute_script("return document.readyState") == "complete")
    expect(desk.path == "/login?next=%2Fcargo" and own not in desk.text(), f"going back shows the cargo again: {desk.path}")
    desk.open("/cargo")
    expect(desk.path == "/login?next=%2Fcargo", f"the cargo list without a session: {desk.path}")


def planner_changes(desk: Desk, cargo: dict[str, str]) -> None:
    """alice, a planner, sees every cargo, and the cargo page's changes name who made them."""
    desk.open("/login")
    desk.submit("login", {"username": "alice", "password": PASSWORD}, "Log in")
    links, account = navigation(desk)
    expect(account is not None and "alice (planner)" in account, f"the navigation does not name the user: {account}")
    expect({"Customers", "Assignments"} <= set(links), f"a planner is not offered the planners' screens: {links}")
    desk.click_link("Cargo")
    listed = desk.text("table")
    expect(all(tracking in listed for tracking in cargo.values()), f"a planner does not see every cargo: {listed}")
    desk.click_link(cargo["ACME"])
    heading = desk.driver.find_element(By.XPATH, "//main//h2[normalize-space()='Changes']")
    changes = [item.text for item in heading.find_elements(By.XPATH, "following-sibling::ol[1]/li")]
    expect(any("routed" in change and change.endswith("by bob") for change in changes), f"the route bob assigned is not his change: {changes}")
    desk.state("cargo-changes")
    desk.click_button("Log out")


def accounts_store(binary: str, folder: Path) -> tuple[Path, dict[str, str]]:
    """A store with accounts, made with the binary as an operator would: two customers, a planner (alice) and a user
    of ACME (bob), their passwords from standard input, and a cargo for each customer; returns the store and the
    tracking id of each customer's cargo."""
    store = folder / "accounts.sqlite"
    clock = ["--first-week", "2026-01-05"]

    def run(*arguments: str, stdin: str | None = None) -> str:
        done = subprocess.run([binary, *arguments, "--store", str(store)], input=stdin, capture_output=True, text=True, timeout=120,
                              env={**os.environ, "ROUTE_PLANNER_FIRST_WEEK": "2026-01-05"})
        if done.returncode != 0:
            raise RuntimeError(f"route-planner {' '.join(arguments)} exited with {done.returncode}:\n{done.stdout}{done.stderr}")
        return done.stdout

    run("customer", "ACME", "Acme Shipping", *clock)
    run("customer", "GLOBEX", "Globex", *clock)
    run("user", "add", "alice", "--role", "planner", stdin=PASSWORD + "\n")
    run("user", "add", "bob", "--role", "customer", "--customer", "ACME", stdin=PASSWORD + "\n")
    cargo = {}
    for customer in ("ACME", "GLOBEX"):
        out = run("book", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-04-30", "--customer", customer,
                  "--as-of", AS_OF, *clock)
        booked = re.search(r"Booked (\S+):", out)
        if booked is None:
            raise RuntimeError(f"no tracking id in book's output: {out}")
        cargo[customer] = booked.group(1)
    return store, cargo


def write_bookings(folder: Path) -> tuple[Path, Path]:
    """A good bookings file (bundled rows whose deadlines come after the desk's clock) and a broken one."""
    rows = list(csv.DictReader((ROOT / "Data/linerlib-worldsmall/bookings.csv").open()))
    good = [row for row in rows if row["deadline"] > AS_OF[:10]][:60]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0].keys()), lineterminator="\n")
    writer.writeheader()
    writer.writerows(good)
    bookings = folder / "bookings.csv"
    bookings.write_text(out.getvalue())
    broken = folder / "broken.csv"
    broken.write_text("booking,origin,destination,ready,deadline,teu,revenue_per_teu\nB1,CNSHA,XXXXX,2026-03-22,2026-04-30,2,900\n"
                      "B2,CNSHA,NLRTM,someday,2026-04-30,two,900\n")
    return bookings, broken


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=str(ROOT / ".build/release/route-planner"))
    parser.add_argument("--screenshots", default=None, help="where the states' screenshots go (default: a temporary folder)")
    parser.add_argument("--docs", default=None, help="a folder to copy the screenshots README shows into, such as docs/desk")
    arguments = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="desk-browser-"))
    shots = Path(arguments.screenshots) if arguments.screenshots else work / "screenshots"
    bookings, broken = write_bookings(work)
    server = start_server(arguments.binary, ["--store", str(work / "desk.sqlite"), "--first-week", "2026-01-05", "--as-of", AS_OF],
                          env={**os.environ, "ROUTE_PLANNER_FIRST_WEEK": "2026-01-05"})
    try:
        store, cargo = accounts_store(arguments.binary, work)
        accounts_server = start_server(arguments.binary, ["--store", str(store), "--first-week", "2026-01-05", "--as-of", AS_OF],
                                       env={**os.environ, "ROUTE_PLANNER_FIRST_WEEK": "2026-01-05"})
    except BaseException:
        server.stop()
        raise
    try:
        inland_server = start_server(arguments.binary, ["--inland", "--store", str(work / "inland.sqlite"), "--first-week", "2026-01-05", "--as-of", AS_OF],
                                     env={**os.environ, "ROUTE_PLANNER_FIRST_WEEK": "2026-01-05"})
    except BaseException:
        server.stop()
        accounts_server.stop()
        raise
    failures: list[str] = []
    checked = dark = 0
    started = time.monotonic()
    try:
        with_script = browser(javascript=True)
        without_script = browser(javascript=False)
        try:
            desk = Desk(with_script, server.base_url, shots, "javascript")
            steps = [
                ("the lifecycle", lambda: desk.tracking.append(lifecycle(desk, "ACME", states=True))),
                ("every field wrong", lambda: every_field_wrong(desk)),
                ("the cargo list", lambda: cargo_list(desk, desk.tracking[0])),
                ("the what-if comparison", lambda: what_if(desk)),
                ("the schedules", lambda: schedules(desk)),
                ("the assignment upload", lambda: assignment(desk, bookings, broken)),
                ("the booking with the keyboard alone", lambda: keyboard_booking(desk, "ACME")),
                ("the assignment on the store, previewed then confirmed", lambda: store_assignment(desk)),
                ("hostile text", lambda: hostile_text(desk, desk.tracking[0], work)),
                ("an A4 print", lambda: print_a4(desk, desk.tracking[0], shots)),
                ("axe finds what is broken on purpose", lambda: axe_can_fail(desk)),
                ("the disruptions", lambda: disruptions(desk, ROOT / "examples/events/feed.json", ROOT / "examples/events/schedule-update.json", broken)),
                ("the disruption workbench with the keyboard alone", lambda: disruption_workbench(desk, work)),
            ]
            accounts = Desk(with_script, accounts_server.base_url, shots, "accounts")
            steps += [
                ("the login form", lambda: login_form(accounts)),
                ("a wrong password", lambda: wrong_password(accounts)),
                ("a customer's login with the keyboard alone", lambda: customer_login(accounts, cargo["ACME"], cargo["GLOBEX"])),
                ("a customer's cargo", lambda: customer_cargo(accounts, cargo["ACME"], cargo["GLOBEX"])),
                ("the logout", lambda: log_out(accounts, cargo["ACME"])),
                ("a planner's login and the cargo's changes", lambda: planner_changes(accounts, cargo)),
            ]
            door_to_door = Desk(with_script, inland_server.base_url, shots, "inland")
            steps += [("door to door on the inland network", lambda: inland(door_to_door))]
            plain = Desk(without_script, server.base_url, work / "no-script", "no javascript", javascript=False)
            steps += [
                ("the lifecycle without JavaScript", lambda: lifecycle(plain, "BETA", states=False)),
                ("every field wrong without JavaScript", lambda: every_field_wrong(plain)),
                ("the what-if without JavaScript", lambda: what_if(plain)),
                ("the keyboard booking without JavaScript", lambda: keyboard_booking(plain, "BETA")),
                ("the disruptions' preview without JavaScript", lambda: preview_without_script(plain)),
            ]
            for name, step in steps:
                try:
                    step()
                    print(f"ok: {name}")
                except Exception as error:  # noqa: BLE001: every failure is listed, then the run fails
                    failures.append(f"{name}: {error}\n{traceback.format_exc(limit=3)}")
                    print(f"FAILED: {name}: {error}")
            checked = len(desk.checked) + len(accounts.checked) + len(door_to_door.checked)
            dark = desk.dark + accounts.dark + door_to_door.dark
        finally:
            with_script.quit()
            without_script.quit()
    finally:
        status = server.stop()
        accounts_status = accounts_server.stop()
        inland_status = inland_server.stop()
    print(f"axe-core {axe_version()}, WCAG 2.1 A and AA: {checked} states checked, {dark} of them in the dark too ({checked + dark} runs), "
          f"{'0 violations' if not any('axe-core violation' in f for f in failures) else 'violations found'}; "
          f"screenshots in {shots}; {time.monotonic() - started:.0f} s")
    if arguments.docs and not failures:
        Path(arguments.docs).mkdir(parents=True, exist_ok=True)
        for name in DOCS:
            shutil.copyfile(shots / f"{name}.png", Path(arguments.docs) / f"{name}.png")
    if status not in (0, -15):
        failures.append(f"the server exited with {status}:\n{server.stderr_text()[-3000:]}")
    if accounts_status not in (0, -15):
        failures.append(f"the server with accounts exited with {accounts_status}:\n{accounts_server.stderr_text()[-3000:]}")
    if inland_status not in (0, -15):
        failures.append(f"the server on the inland network exited with {inland_status}:\n{inland_server.stderr_text()[-3000:]}")
    for failure in failures:
        print(f"\n{failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
