"""The fencing number in the store: an append whose writer's lease has been taken
over since is refused, and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from crowsnest.server.store.rows import SeatRow, StaleOwner, TableRow
from crowsnest.server.store.store import Store
from crowsnest.server.table.log import Accepted


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")
    store.migrate()
    row = TableRow("t1", "hearts", {}, 1, "easy", True, None, 60.0, 0.0, "playing")
    with store.begin() as conn:
        Store.create_table(conn, row, [SeatRow(i, "bot", "easy", None) for i in range(4)])
    return store


def test_a_higher_fence_takes_the_table_and_a_lower_one_is_refused(store: Store) -> None:
    with store.begin() as conn:
        assert Store.take(conn, "t1", 1, "a")
        Store.append(conn, [("t1", Accepted(1, 0, "2C", "bot"))], {"t1": 1})
    with store.begin() as conn:
        assert Store.take(conn, "t1", 2, "b")
        assert not Store.take(conn, "t1", 2, "c")  # not twice with one number
        assert not Store.take(conn, "t1", 1, "a")
    with pytest.raises(StaleOwner, match="fence 1"), store.begin() as conn:
        Store.append(conn, [("t1", Accepted(2, 1, "3C", "bot"))], {"t1": 1})
    assert [a.seq for a in store.actions("t1")] == [1]
    with store.begin() as conn:
        Store.append(conn, [("t1", Accepted(2, 1, "3C", "bot"))], {"t1": 2})
    assert [a.seq for a in store.actions("t1")] == [1, 2]


def test_an_append_without_an_owner_row_is_refused(store: Store) -> None:
    with pytest.raises(StaleOwner), store.begin() as conn:
        Store.append(conn, [("t1", Accepted(1, 0, "2C", "bot"))], {"t1": 0})
    assert store.actions("t1") == []
