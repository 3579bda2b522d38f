"""The recall pipeline: plan → fetch → load → filter → dedupe → rank → bundle.

Each stage is one module with one typed public function; data flows one way. Everything after
fetch runs on one connection in one transaction, in temp tables dropped at commit.
"""
