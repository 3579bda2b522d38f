"""Context Planner, Level 1: deterministic time parser + Cheap Router."""

from app.planner.router import plan_query
from app.planner.timeparse import parse

__all__ = ["parse", "plan_query"]
