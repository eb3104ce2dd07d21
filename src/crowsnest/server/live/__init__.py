"""This process's live tables and what runs them: the hub the faces call, the
registry, delivery to the connections, the bot driver, finished games' answers and
hand reviews."""
