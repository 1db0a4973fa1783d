-- Rate-limit counters are worth nothing after a crash and are written on every public-API call:
-- an unlogged table writes no WAL, so counting no longer waits for a flush to disk (ADR 0121).
-- PostgreSQL empties it after a crash (every window starts afresh) and keeps it on a clean stop.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
