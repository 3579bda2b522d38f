"""Source adapters: each module owns one upstream's wire format (../shared/contracts/sources.md):
it pulls over that upstream's HTTP API only (RFC §4.3: no shared database, no joins), decodes each
record into a typed Struct and turns it into a Candidate. registry.py lists them for the fetch
stage, wire.py holds what they share, http.py the one request helper."""
