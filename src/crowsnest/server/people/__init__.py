"""Rules about the people at a table, with no I/O: names, the bots' seat names, the
turn timer's presets, passwords too easily guessed, ratings."""
