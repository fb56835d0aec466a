"""Group a Loghub JSONL file with Drain3 at its default settings (the benchmark's baseline).

Usage: python drain3_groups.py INPUT.jsonl OUTPUT.jsonl
Reads {"content": ...} lines, writes {"group": <cluster_id>} lines in the same order.
Run with the benchmark's own venv (.tmp/bench-venv), where drain3 is installed from PyPI.
"""

import json
import logging
import sys

from drain3 import TemplateMiner


def main():
    logging.disable(logging.CRITICAL)
    source, target = sys.argv[1], sys.argv[2]
    miner = TemplateMiner()
    groups = []
    with open(source, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                groups.append(miner.add_log_message(json.loads(line)["content"])["cluster_id"])
    with open(target, "w", encoding="utf-8") as out:
        for group in groups:
            out.write(json.dumps({"group": group}) + "\n")


if __name__ == "__main__":
    main()
