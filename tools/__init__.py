"""Developer tools of the repository, not installed with the package: the local
cluster's supervisor (``python -m tools.cluster``, ``make cluster``)."""
