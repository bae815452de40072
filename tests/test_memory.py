"""manoled.memory: the settle step after catch-up."""

from __future__ import annotations

import gc

from manoled import memory


def test_settle_freezes_what_is_alive_and_collects_the_rest() -> None:
    class Node:
        def __init__(self) -> None:
            self.me = self

    gc.collect()
    garbage = Node()  # a cycle: only the collector frees it
    del garbage
    kept = [Node()]
    try:
        frozen = memory.settle()
        assert frozen == gc.get_freeze_count() > 0
        assert not any(type(o) is Node and o is not kept[0] for o in gc.get_objects())
        assert not any(o is kept[0] for o in gc.get_objects())  # frozen objects are out of the collector's lists
    finally:
        gc.unfreeze()
    assert any(o is kept[0] for o in gc.get_objects())
