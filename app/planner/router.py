def plan_query(*a, **k): raise NotImplementedError
