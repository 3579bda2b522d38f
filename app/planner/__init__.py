"""Context Planner, Level 1: deterministic time parser + Cheap Router."""

from app.planner.clock import Clock, resolve_clock
from app.planner.router import adopt_plan, asks_changes, plan_for, plan_query, plan_request, recorded_in
from app.planner.timeparse import parse

__all__ = ["Clock", "adopt_plan", "asks_changes", "parse", "plan_for", "plan_query", "plan_request", "recorded_in", "resolve_clock"]
