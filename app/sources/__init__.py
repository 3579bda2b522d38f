"""Source adapters: each speaks one upstream's wire format (../shared/contracts/sources.md) and
only its HTTP API (RFC §4.3: no shared database, no joins)."""
