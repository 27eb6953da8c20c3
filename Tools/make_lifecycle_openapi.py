#!/usr/bin/env python3
"""Writes docs/api/lifecycle.openapi.json, the OpenAPI 3.1 description of the lifecycle API (`/api/v1/`), from the
operations below and the JSON Schemas of the documents in docs/schemas, which the command line's `--format json`
writes too: one schema per document, whichever front end writes it.

    python3 Tools/make_lifecycle_openapi.py           # writes the file
    python3 Tools/make_lifecycle_openapi.py --check   # exits 1 when the file is not what this script writes

The request bodies take each field as the server reads it (LifecycleAPI, APIBody): a text field as a string or a
number, a box as a boolean (or the text yes/true), a list as an array of strings (or one string), any of them null
for blank; a member the operation does not take is refused.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "docs" / "api" / "lifecycle.openapi.json"
COMMON = "urn:route-planner:schema:common#/$defs/"

TEXT = {"type": ["string", "number", "null"]}

# The query parameters of GET /v2/events (ListCarrierEventsForm.Field); a list is values joined by commas.
EVENT_FILTERS = [
    ("eventType", "TRANSPORT, EQUIPMENT or SHIPMENT; route-planner keeps no shipment events."),
    ("shipmentEventTypeCode", "Shipment event types: only shipment events have one, so none is listed."),
    ("documentTypeCode", "Document types: only shipment events have one, so none is listed."),
    ("transportEventTypeCode", "ARRI or DEPA."),
    ("equipmentEventTypeCode", "Of LOAD, DISC, GTIN, GTOT, STUF, STRP, PICK, DROP, INSP, RSEA, RMVD; the first four are kept."),
    ("carrierBookingReference", "The booking an equipment event names."),
    ("bookingReference", "The booking an equipment event names."),
    ("exportVoyageNumber", "The voyage of the call."),
    ("carrierVoyageNumber", "The voyage of the call."),
    ("UNLocationCode", "The port of the call or handling."),
    ("eventCreatedDateTime", "Created at this date-time; with :gte, :gt, :lte, :lt or :eq in the name, from, after, until, before or at."),
    ("eventCreatedDateTime:gte", "Created at or after this date-time."),
    ("eventCreatedDateTime:gt", "Created after this date-time."),
    ("eventCreatedDateTime:lte", "Created at or before this date-time."),
    ("eventCreatedDateTime:lt", "Created before this date-time."),
    ("eventCreatedDateTime:eq", "Created at this date-time."),
    ("limit", "The most events of a page, from 1 to 1000; 100 when not given."),
    ("cursor", "The Next-Page-Cursor of the page before; with the same filters, or none."),
]
FLAG = {"type": ["boolean", "string", "null"]}
LIST = {"type": ["array", "string", "null"], "items": {"type": "string"}}


def rewrite(node):
    """The schema with its references to common.schema.json's definitions turned into the document's components."""
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key in ("$schema", "$id"):
                continue
            if key == "$ref" and isinstance(value, str) and value.startswith(COMMON):
                out[key] = "#/components/schemas/" + value[len(COMMON):]
            else:
                out[key] = rewrite(value)
        return out
    if isinstance(node, list):
        return [rewrite(item) for item in node]
    return node


def components() -> dict:
    schemas = {}
    common = json.loads((ROOT / "docs/schemas/common.schema.json").read_text())
    for name, schema in common["$defs"].items():
        schemas[name] = rewrite(schema)
    for name, file in [("CargoDocument", "cargo"), ("CargoListDocument", "cargo-list"), ("RouteDocument", "route"),
                       ("HandleDocument", "handle"), ("RerouteDocument", "reroute"), ("EventsDocument", "events"),
                       ("DisruptionsDocument", "disruptions"), ("AcceptDocument", "accept")]:
        schema = json.loads((ROOT / f"docs/schemas/{file}.schema.json").read_text())
        schemas[name] = rewrite(schema)
    customer = {"type": "object", "additionalProperties": False, "required": ["id", "name"],
                "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}
    schemas["Customer"] = customer
    schemas["CustomerDocument"] = {
        "type": "object", "additionalProperties": False, "required": ["version", "customer"],
        "properties": {"version": {"const": 1}, "customer": {"$ref": "#/components/schemas/Customer"}}}
    schemas["CustomerListDocument"] = {
        "type": "object", "additionalProperties": False, "required": ["version", "customers"],
        "properties": {"version": {"const": 1}, "customers": {"type": "array", "items": {"$ref": "#/components/schemas/Customer"}}}}
    schemas["Problems"] = {
        "type": "object", "additionalProperties": False, "required": ["version", "problems"],
        "description": "Every problem of the request: each names the field (a body member, a path or query parameter) it "
                       "concerns, or none for the request as a whole, with the message the desk and the command line show; "
                       "a valid request that cannot be carried out has the domain error's code.",
        "properties": {
            "version": {"const": 1},
            "problems": {"type": "array", "minItems": 1, "items": {
                "type": "object", "additionalProperties": False, "required": ["message"],
                "properties": {"field": {"type": "string"}, "message": {"type": "string"}, "code": {"type": "string"}}}}}}
    return schemas


def body(fields: dict, required: list[str] | None = None, description: str = "") -> dict:
    schema = {"type": "object", "additionalProperties": False, "properties": fields}
    if required:
        schema["required"] = required
    return {"required": bool(required), "description": description, "content": {"application/json": {"schema": schema}}}


def document(name: str, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}}}


PROBLEMS = {
    "400": "The request's problems, every one, each naming its field.",
    "401": "No valid token: send Authorization: Bearer TOKEN.",
    "403": "The token's user may not run this operation (a planner's).",
    "404": "No cargo with this tracking id that the token's user may see.",
    "409": "Another change came first; nothing was written.",
    "413": "The body is larger than 1 MiB (16 MiB for a batch of events).",
    "415": "The body is not application/json.",
    "422": "The request is valid but cannot be carried out (no route, a passed deadline, an unknown port or customer).",
    "503": "A search ran past its budget, or the store cannot answer now.",
}


def problems(*codes: str) -> dict:
    return {code: {"description": PROBLEMS[code], "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problems"}}}}
            for code in codes}


TRACKING_ID = {"name": "trackingId", "in": "path", "required": True, "schema": {"type": "string"},
               "description": "The cargo's tracking id, such as RP000001 (in any case)."}


def operation(summary: str, responses: dict, *codes: str, request: dict | None = None, parameters: list | None = None,
              operation_id: str) -> dict:
    op = {"operationId": operation_id, "summary": summary, "responses": {**responses, **problems("401", *codes)}}
    if request:
        op["requestBody"] = request
    if parameters:
        op["parameters"] = parameters
    return op


def paths() -> dict:
    book_fields = {name: FLAG if name == "dangerousGoods" else TEXT for name in
                   ["origin", "destination", "ready", "deadline", "teu", "customer", "revenue", "cargoType", "dangerousGoods",
                    "maxTransitDays", "weight", "bookingReference", "option"]}
    options_fields = {"limit": TEXT, "maxTransshipments": TEXT, "maxModeChanges": TEXT, "via": LIST, "avoid": LIST, "avoidVoyages": LIST, "order": TEXT, "criteria": LIST, "modes": LIST}
    return {
        "/api/v1/customers": {
            "get": operation("The customers the token's user may see (a customer's user: its own).",
                             {"200": document("CustomerListDocument", "The customers, by id.")}, "503", operation_id="listCustomers"),
            "post": operation("Register a customer, or rename one with renames: true (a planner's).",
                              {"201": document("CustomerDocument", "The customer as registered.")}, "400", "403", "409", "413", "415", "503",
                              request=body({"id": TEXT, "name": TEXT, "renames": FLAG}, ["id", "name"]), operation_id="registerCustomer"),
        },
        "/api/v1/cargo": {
            "get": operation("The cargo the token's user may see, 50 a page, filtered by status and customer.",
                             {"200": document("CargoListDocument", "The cargo, by tracking id.")}, "400", "503",
                             parameters=[{"name": name, "in": "query", "required": False, "schema": {"type": "string"}, "description": text}
                                         for name, text in [("search", "Text found in a tracking id, a booking reference, or a voyage or port of the route (any case)."),
                                                            ("status", "not-routed, on-track, disrupted, misdirected, misrouted or claimed."),
                                                            ("customer", "A customer's id (a customer's user sees its own only)."),
                                                            ("standing", "late, at-risk or fine: how the cargo stands against its deadline."),
                                                            ("due", "A number of days, 1 to 366: only cargo due from now to then, not yet claimed."),
                                                            ("sort", "tracking-id (the default), deadline, slack (least first) or eta (earliest first)."),
                                                            ("page", "The page, from 1.")]],
                             operation_id="listCargo"),
            "post": operation("Book a cargo for a customer (a customer's user: for its own).",
                              {"201": {**document("CargoDocument", "The cargo booked; Location names it."),
                                       "headers": {"Location": {"schema": {"type": "string"}, "description": "/api/v1/cargo/{trackingId}"}}}},
                              "400", "403", "409", "413", "415", "422", "503",
                              request=body(book_fields, ["origin", "destination", "ready", "deadline", "customer"]), operation_id="bookCargo"),
        },
        "/api/v1/cargo/{trackingId}": {
            "parameters": [TRACKING_ID],
            "get": operation("Where the cargo is: its status, route, next expected activity, ETA and events.",
                             {"200": document("CargoDocument", "The cargo.")}, "400", "404", "503", operation_id="trackCargo"),
        },
        "/api/v1/cargo/{trackingId}/options": {
            "parameters": [TRACKING_ID],
            "get": operation("The options last found for the cargo, to assign one from; none before any were found, nor once a route is assigned or changed, which spends them.",
                             {"200": document("RouteDocument", "The options, earliest arrival first.")}, "400", "404", "503",
                             operation_id="listOptions"),
            "post": operation("Find the cargo's options from where it is now, and keep them to assign one from.",
                              {"200": document("RouteDocument", "The options, in the order asked.")}, "400", "403", "404", "409", "413", "415",
                              "422", "503", request=body(options_fields), operation_id="findOptions"),
        },
        "/api/v1/cargo/{trackingId}/route": {
            "parameters": [TRACKING_ID],
            "post": operation("Assign one of the options last found: candidate, from 1, or its reference.",
                              {"200": document("CargoDocument", "The cargo on its new route.")}, "400", "403", "404", "409", "413", "415",
                              "422", "503", request=body({"candidate": TEXT}, ["candidate"]), operation_id="assignRoute"),
        },
        "/api/v1/cargo/{trackingId}/events": {
            "parameters": [TRACKING_ID],
            "post": operation("Register a handling event (a planner's): RECEIVE, LOAD, UNLOAD, CUSTOMS or CLAIM.",
                              {"201": document("HandleDocument", "The event, what registering it did, and the cargo after it.")},
                              "400", "403", "404", "409", "413", "415", "422", "503",
                              request=body({"event": TEXT, "location": TEXT, "voyage": TEXT, "completionTime": TEXT, "registrationTime": TEXT},
                                           ["event", "location", "completionTime"]), operation_id="registerEvent"),
        },
        "/api/v1/cargo/{trackingId}/destination": {
            "parameters": [TRACKING_ID],
            "post": operation("Change the cargo's destination, and its deadline when given.",
                              {"200": document("CargoDocument", "The cargo, to be routed to its new destination.")},
                              "400", "403", "404", "409", "413", "415", "422", "503",
                              request=body({"destination": TEXT, "deadline": TEXT}, ["destination"]), operation_id="changeDestination"),
        },
        "/api/v1/cargo/{trackingId}/cancellation": {
            "parameters": [TRACKING_ID],
            "post": operation("Cancel the cargo's booking while it is not loaded: its route is released, it leaves the lists, and its "
                              "record stays, found by its tracking id (status cancelled, cancelledAt). A cargo loaded, claimed or "
                              "cancelled already is refused with 422, and its reason.",
                              {"200": document("CargoDocument", "The cargo, its booking cancelled.")},
                              "400", "403", "404", "409", "413", "415", "422", "503",
                              request=body({}), operation_id="cancelBooking"),
        },
        "/v2/events": {
            "get": operation("The carriers' events applied that DCSA Track & Trace 2.2's filters select, a page at a time from the "
                             "first applied, as the specification writes them (a planner's). A filter of what route-planner does "
                             "not keep of an event (transportDocumentID, transportDocumentReference, scheduleID, transportCallID, "
                             "vesselIMONumber, carrierServiceCode, equipmentReference), sort, or a parameter the specification does "
                             "not have is refused with 400.",
                             {"200": {"description": "The events: transport events (ARRI, DEPA) and equipment events (GTIN, LOAD, DISC, GTOT).",
                                      "headers": {name: {"schema": {"type": "string"}, "description": text} for name, text in [
                                          ("API-Version", "The version of Track & Trace spoken, 2.2.0."),
                                          ("Current-Page", "The cursor of this page."),
                                          ("Next-Page", "The cursor of the next page; absent on the last."),
                                          ("Next-Page-Cursor", "The cursor of the next page, as DCSA's conformance toolkit reads it; absent on the last.")]},
                                      "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}}}}},
                             "400", "403", "503",
                             parameters=[{"name": name, "in": "query", "required": False, "schema": {"type": "string"}, "description": text}
                                         for name, text in EVENT_FILTERS],
                             operation_id="listCarrierEvents"),
            "post": operation("Apply a carrier's DCSA Track & Trace 2.2 events, as a subscription's callback posts them, or a DCSA "
                              "Commercial Schedules 1.0.3 vessel-schedules document publishing voyages again (a planner's): the "
                              "schedule's new times and calls (a call a voyage's publication no longer lists is omitted), the cargo "
                              "handled, and each disrupted cargo's options; a bad event is refused at its JSON path and the rest "
                              "applied, a publication with an error is refused whole.",
                              {"200": document("EventsDocument", "What the events did, and each cargo they disrupt with its options.")},
                              "400", "403", "409", "413", "415", "422", "503",
                              request={"required": True, "description": "A JSON array of Track & Trace events, or of service schedules.",
                                       "content": {"application/json": {"schema": {"type": "array", "items": {}}}}},
                              operation_id="applyCarrierEvents"),
        },
        "/api/v1/disruptions": {
            "get": operation("Every cargo the schedule as it now sails disrupts (carriers' events and voyages published again), with "
                             "what disrupts it, by how much and the calls that moved, its ETA, delay and standing, and the options it "
                             "was last offered beside its plan; and the last voyages published again (a planner's).",
                             {"200": document("DisruptionsDocument", "The disrupted cargo and their options, and the voyages published again.")},
                             "400", "403", "503",
                             parameters=[{"name": "standing", "in": "query", "required": False, "schema": {"type": "string"},
                                          "description": "late, at-risk or fine: only the disrupted cargo that stand so against their deadlines."}],
                             operation_id="listDisruptions"),
        },
        "/api/v1/disruptions/accept": {
            "post": operation("Accept options for disrupted cargo: each choice a tracking id alone (its best option from where it "
                              "is), with =N (option N of its last offer) or with =RP-… (the option with that reference); with "
                              "standing, every disrupted cargo of that standing takes its best option. Without confirm, says what "
                              "would change and writes nothing; with it, assigns them in one transaction (a planner's).",
                              {"200": document("AcceptDocument", "Each cargo chosen: the option it takes beside its plan, or why it is left as it was.")},
                              "400", "403", "413", "415", "422", "503",
                              request=body({"choices": LIST, "standing": TEXT, "confirm": FLAG}), operation_id="acceptOptions"),
        },
        "/api/v1/cargo/{trackingId}/reroute": {
            "parameters": [TRACKING_ID],
            "post": operation("Find options again from where the cargo is, when its route no longer serves it.",
                              {"200": document("RerouteDocument", "The cargo, why it needs routing, and its options.")},
                              "400", "403", "404", "409", "413", "415", "422", "503",
                              request=body({"limit": TEXT, "avoidVoyages": LIST}), operation_id="rerouteCargo"),
        },
    }


def specification() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "route-planner lifecycle API", "version": "1.0.0",
            "description": "Book, list, track, route and re-plan cargo as the user of a token (`route-planner token create`): "
                           "a customer's user sees its own customer's cargo alone, and another's is not found (404). "
                           "Written by Tools/make_lifecycle_openapi.py from docs/schemas; see docs/API.md.",
        },
        "servers": [{"url": "http://127.0.0.1:8080"}],
        "security": [{"bearer": []}],
        "paths": paths(),
        "components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}, "schemas": components()},
    }


def main() -> int:
    text = json.dumps(specification(), indent=2, ensure_ascii=False) + "\n"
    if "--check" in sys.argv[1:]:
        if not OUTPUT.exists() or OUTPUT.read_text() != text:
            print(f"{OUTPUT.relative_to(ROOT)} is not what Tools/make_lifecycle_openapi.py writes: run it and commit the file", file=sys.stderr)
            return 1
        return 0
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
