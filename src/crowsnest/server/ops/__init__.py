"""Running a server: settings, rate limits, the guard against slow and greedy
clients, log lines, trusted proxies, one process per database."""
