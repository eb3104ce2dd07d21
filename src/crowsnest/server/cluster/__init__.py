"""Several server nodes on one PostgreSQL (docs/architecture.md, "Several nodes").

PostgreSQL holds the truth (the action log keyed by (table, seq)); a table is served
by the node that holds its lease in Redis (:mod:`.lease`), whose fencing number every
append of the table checks in PostgreSQL; :class:`.ownership.LeaseRegistry` takes,
renews, hands over and drops tables; HAProxy routes a table's requests to one node
(``deploy/haproxy.cfg``), and :mod:`.routing` moves a table to the node its requests
reach. Redis carries only what crosses nodes (the lobby, handover requests) and is
never the truth.
"""
