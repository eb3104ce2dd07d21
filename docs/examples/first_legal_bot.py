"""A complete bot-protocol program that plays the first legal action.

It imports nothing from CrowsNest: a program in any language that reads and writes
JSON lines can do the same (see docs/bot-protocol.md). Try it in the arena:

    crowsnest arena hearts --candidate "cmd:python docs/examples/first_legal_bot.py"
"""

import json
import sys


def answer(message):
    kind = message.get("type")
    if kind == "hello":
        return {"type": "hello", "protocol": 1, "game": message["game"], "name": "first-legal"}
    if kind == "act":
        first = message["legal"][0]
        if isinstance(first, str):  # a plain action: "play QS", "bid pass", "trump red"
            action = first
        else:  # a template: choose "count" cards from "from", all of "required" among them
            cards = list(first["required"])
            cards += [c for c in first["from"] if c not in cards][: first["count"] - len(cards)]
            action = first["choose"] + " " + " ".join(cards)
        return {"type": "action", "seq": message["seq"], "action": action}
    return None


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "bye":
            break
        reply = answer(message)
        if reply is not None:
            print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
